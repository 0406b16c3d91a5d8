package site.ycsb.db.griddb;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A wrong password or cluster name, as a user meets it: {@code site.ycsb.Client} in a child JVM against the real
 * node (see {@link GridDBTarget}) must exit 3 with one line carrying GridDB's real error code and a hint, and the
 * password must appear nowhere in the output.
 */
class GridDBInitFailureIT {
  private static GridDBTarget target;

  @BeforeAll
  static void findServer() {
    target = GridDBTarget.get();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "griddb.password, 10005, check user and password",
      "griddb.clustername, 10053, is the cluster name right?",
  })
  void should_exit_3_with_one_line_naming_the_code_without_the_password_when_a_credential_is_wrong(
      String property, String code, String hint) throws Exception {
    assumeTrue(target != null, GridDBTarget.HOW_TO_ENABLE);
    String wrong = "Wr0ng" + Long.toHexString(System.nanoTime());
    Properties p = target.with(property, wrong, "griddb.failovertimeoutseconds", "2", "table",
        "ycsbinit" + Long.toHexString(System.nanoTime()), "recordcount", "10", "fieldcount", "2",
        "workload", "site.ycsb.workloads.CoreWorkload");
    String password = p.getProperty("griddb.password");
    YcsbRun r = YcsbRun.run(YcsbRun.itClasspath(), p, "-load", "-db", GridDBClient.class.getName(), "-threads", "2");
    assertEquals(3, r.exitCode, r.tail());
    List<String> lines = new ArrayList<>();
    for (String line : r.output.split("\n")) {
      if (line.contains(code)) {
        lines.add(line);
      }
    }
    assertFalse(lines.isEmpty(), r.tail());
    for (String line : lines) {
      assertTrue(line.contains(hint) && line.length() < 500, line);
    }
    // The test node's user and password may be equal (admin/admin): look for the password next to its name, and
    // for a wrong password (unique) anywhere.
    assertFalse(java.util.regex.Pattern.compile("(?i)password\\W{0,3}" + java.util.regex.Pattern.quote(password))
        .matcher(r.output).find(), "the password appears in the output:\n" + r.tail());
    assertFalse(r.output.contains(wrong) && property.contains("password"), "the password appears:\n" + r.tail());
    assertFalse(r.output.contains("\tat "), "no stack trace:\n" + r.tail());
  }
}
