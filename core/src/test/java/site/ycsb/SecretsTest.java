package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class SecretsTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "db.password=S3cretPW        | db.password=***",
      "db.password S3cretPW        | db.password ***",
      "db.password:S3cretPW        | db.password:***",
      "-pdb.password=S3cretPW      | -pdb.password=***",
      "my.api.token=abc            | my.api.token=***",
      "AWS_SECRET_KEY=abc          | AWS_SECRET_KEY=***",
      "Cassandra.PassWord=x y z    | Cassandra.PassWord=***",
      "griddb.credentials,u,pw     | griddb.credentials,***",
      "conf/token-store/w.props    | conf/token-store/w.props",
      "workloads/secrets.properties | workloads/secrets.properties",
      "recordcount=1000            | recordcount=1000",
      "password                    | password"})
  void should_mask_what_follows_a_secret_name_when_the_user_typed_any_separator(String typed, String shown) {
    assertEquals(shown, Secrets.maskArgument(typed));
    assertFalse(Secrets.maskArgument(typed).contains("S3cretPW"));
  }

  @Test
  void should_mask_every_argument_and_quote_blanks_when_printing_the_command_line() {
    assertEquals("-p cassandra.password=*** -p hosts=h1 \"db.token ***\"", Secrets.maskCommandLine(
        new String[]{"-p", "cassandra.password=s3cret", "-p", "hosts=h1", "db.token s3cret"}));
  }

  @Test
  void should_recognise_secret_names_case_insensitively_when_masking_properties() {
    assertTrue(Secrets.isSecret("griddb.password"));
    assertTrue(Secrets.isSecret("X.TOKEN"));
    assertFalse(Secrets.isSecret("recordcount"));
    Properties p = new Properties();
    p.setProperty("scylla.password", "pw");
    p.setProperty("hosts", "h");
    assertEquals("***", Secrets.masked(p).get("scylla.password"));
    assertEquals("h", Secrets.masked(p).get("hosts"));
  }
}
