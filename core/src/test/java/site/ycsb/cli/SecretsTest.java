package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // a value runs to the next blank: a password may hold a slash
      "exportfile /x/db.password=S3/cret cannot be written | exportfile /x/db.password=*** cannot be written",
      "got 'api_token: S3cret' here                            | got 'api_token: ***' here",
      "a MySecret=S3cret, then b.credentials=S3cret)             | a MySecret=***, then b.credentials=***)",
      // prose that names a secret property without a value is left as it is
      "Property 'cassandra.password' is set but 'cassandra.username' is not. | Property 'cassandra.password' is set but 'cassandra.username' is not.",
      "missing required property griddb.password (its password) | missing required property griddb.password (its password)",
  })
  void should_mask_only_the_value_when_a_secret_name_value_is_inside_a_message(String message, String shown) {
    assertEquals(shown, Secrets.maskText(message));
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

  @Test
  void should_keep_every_other_property_and_mask_each_secret_when_masking_a_property_file() throws Exception {
    String text = "# cassandra settings\n"
        + "hosts=10.0.0.1,10.0.0.2\n"
        + "cassandra.password = S3cretPW\n"
        + "cassandra.username:ycsb\n"
        + "  api.token S3cretPW\n"
        + "db.secret=S3cret\\\n"
        + "    PWcontinued\n"
        + "! an old setting: password=S3cretPW\n"
        + "path=conf/token-store\n"
        + "long.value=a\\\n"
        + "  b";
    String masked = Secrets.maskPropertiesText(text);
    Properties before = new Properties();
    before.load(new java.io.StringReader(text));
    Properties after = new Properties();
    after.load(new java.io.StringReader(masked));
    assertEquals(before.stringPropertyNames(), after.stringPropertyNames(), masked);
    for (String name : before.stringPropertyNames()) {
      assertEquals(Secrets.isSecret(name) ? Secrets.MASK : before.getProperty(name), after.getProperty(name), name);
    }
    assertFalse(masked.contains("S3cret"), masked);
    assertTrue(masked.contains("\ncassandra.password = ***\n"), masked);
    assertTrue(masked.contains("\n  api.token ***\n"), masked);
  }
}
