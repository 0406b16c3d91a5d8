package site.ycsb.fleet.suite;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.nio.file.Paths;

import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.ssh.FleetOptions;
import site.ycsb.fleet.ssh.SshGate;
import site.ycsb.options.ReadmeTable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fleet's ssh and clock options: defaults, bounds, their one-line errors, and the README table. */
class FleetOptionsTest {
  private static SuiteOptions fleet(String... more) throws UsageException {
    String[] args = new String[more.length + 3];
    args[0] = "basic";
    args[1] = "--hosts";
    args[2] = "h1,h2";
    System.arraycopy(more, 0, args, 3, more.length);
    return SuiteOptions.parse(args, true, "u");
  }

  @Test
  void should_stay_below_openssh_s_max_startups_and_use_the_declared_defaults_when_no_option_is_given()
      throws Exception {
    SuiteOptions o = fleet();
    assertTrue(o.sshSetups < 10, "below MaxStartups 10:30:100's first number");
    assertEquals((int) FleetOptions.SSH_SETUPS.defaultValue(), o.sshSetups);
    assertEquals(0, o.dbExporterPort);
    assertEquals(50, o.clockWarnMs);
    assertEquals(1000, o.clockRefuseMs);
    SshGate g = o.sshGate();
    assertEquals(120_000, g.commandTimeoutMs);
    assertEquals(3_600_000, g.copyTimeoutMs);
  }

  @Test
  void should_take_each_option_within_its_bounds() throws Exception {
    SuiteOptions o = fleet("--ssh-setups", "3", "--ssh-timeout", "30", "--copy-timeout", "600", "--clock-warn", "0",
        "--clock-refuse", "200");
    assertEquals(3, o.sshSetups);
    assertEquals(30_000, o.sshGate().commandTimeoutMs);
    assertEquals(600_000, o.sshGate().copyTimeoutMs);
    assertEquals(0, o.clockWarnMs);
    assertEquals(200, o.clockRefuseMs);
  }

  @Test
  void should_refuse_in_one_line_naming_the_option_when_a_value_is_out_of_bounds_or_not_a_number() {
    String[][] bad = {{"--ssh-setups", "0"}, {"--ssh-setups", "101"}, {"--ssh-setups", "eight"},
        {"--ssh-timeout", "1"}, {"--copy-timeout", "-5"}, {"--clock-warn", "1.5"}, {"--clock-refuse", "0"},
        {"--clock-refuse", ""}, {"--clock-refuse", " "}, {"--clock-warn", "3600001"},
        {"--copy-timeout", "99999999999999999999"}, {"--db-exporter-port", "65536"}, {"--db-exporter-port", "-1"},
        {"--db-exporter-port", "port"}};
    for (String[] b : bad) {
      UsageException e = assertThrows(UsageException.class, () -> fleet(b[0], b[1]), b[0] + " " + b[1]);
      assertTrue(e.getMessage().startsWith(b[0]), e.getMessage());
      assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }
  }

  @Test
  void should_refuse_in_the_engines_words_when_a_value_is_out_of_bounds_not_whole_or_blank() {
    String[][] bad = {
        {"--ssh-setups", "101", "--ssh-setups=101 must be between 1 and 100"},
        {"--ssh-setups", "1e2", "--ssh-setups=1e2 is not a whole number"},
        {"--ssh-timeout", "4", "--ssh-timeout=4 must be between 5 and 86400"},
        {"--clock-warn", "-1", "--clock-warn=-1 must be between 0 and 3600000"},
        {"--db-exporter-port", "65536", "--db-exporter-port=65536 must be between 0 and 65535"},
        {"--clock-refuse", " ", "--clock-refuse is given empty: give a value, or leave --clock-refuse out for its "
            + "default"},
    };
    for (String[] b : bad) {
      assertEquals(b[2], assertThrows(UsageException.class, () -> fleet(b[0], b[1])).getMessage());
    }
  }

  @Test
  void should_take_the_exporter_port_in_the_local_suite_too_when_metrics_port_and_db_hosts_are_given()
      throws Exception {
    SuiteOptions o = SuiteOptions.parse(new String[] {"basic", "--metrics-port", "9400", "--db-hosts", "nodes.txt",
        "--db-exporter-port", "9100"}, false, "u");
    assertEquals(9100, o.dbExporterPort);
    UsageException e = assertThrows(UsageException.class,
        () -> SuiteOptions.parse(new String[] {"basic", "--db-exporter-port", "9100"}, false, "u"));
    assertTrue(e.getMessage().startsWith("--db-exporter-port adds the --db-hosts nodes' exporters"), e.getMessage());
  }

  @Test
  void should_refuse_a_warning_bound_above_the_refusal_bound() {
    UsageException e = assertThrows(UsageException.class, () -> fleet("--clock-warn", "2000"));
    assertEquals("--clock-warn 2000 is above --clock-refuse 1000; the warning bound must not exceed the refusal "
        + "bound", e.getMessage());
  }

  @Test
  void should_refuse_the_fleet_options_when_given_to_the_local_suite() {
    for (String o : new String[] {"--ssh-setups", "--clock-warn", "--clock-refuse", "--ssh-timeout",
        "--copy-timeout"}) {
      UsageException e = assertThrows(UsageException.class,
          () -> SuiteOptions.parse(new String[] {"basic", o, "5"}, false, "u"));
      assertTrue(e.getMessage().startsWith(o + " is a fleet option"), e.getMessage());
    }
  }

  @Test
  void should_refuse_an_option_given_twice() {
    UsageException e = assertThrows(UsageException.class, () -> fleet("--ssh-setups", "4", "--ssh-setups", "4"));
    assertTrue(e.getMessage().contains("--ssh-setups is given twice"), e.getMessage());
  }

  /** fleet/README.md's table of these options is generated: {@code -Doptions.readme.write=true} rewrites it. */
  @Test
  void should_match_the_readme_table_when_the_declarations_change() throws Exception {
    Path readme = Paths.get("README.md");
    assertNull(ReadmeTable.check(readme, SuiteOptions.markdownTable(), Boolean.getBoolean("options.readme.write")));
  }
}
