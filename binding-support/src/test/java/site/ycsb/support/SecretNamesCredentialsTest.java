package site.ycsb.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The class "a password inside a value": every shape of {@code user:password@host} in any text is masked. */
class SecretNamesCredentialsTest {
  private static final String PW = "S3cr3t";

  /** Values, URLs and messages that hold the password {@value #PW} as the password of a user:password@host. */
  static Stream<String> textsWithCredentials() {
    return Stream.of(
        "http://admin:S3cr3t@127.0.0.1/p.json",
        "https://admin:S3cr3t@127.0.0.1:8443/x?y=z",
        "griddb.notificationProvider=http://admin:S3cr3t@127.0.0.1/p.json",
        "bench:S3cr3t@127.0.0.1",
        "bench:S3cr3t@127.0.0.1:22",
        "hosts=bench:S3cr3t@127.0.0.1,bench:S3cr3t@127.0.0.2",
        "hosts=127.0.0.1, bench:S3cr3t@127.0.0.2",
        "cassandra://u:S3cr3t@host1:9042/ks",
        "jdbc:postgresql://u:S3cr3t@db/x",
        "redis://:S3cr3t@127.0.0.1:6379",
        "u:S3cr3t@h",
        "user.name:S3cr3t@[::1]:22",
        "u:p@S3cr3t@host",                       // a password holding '@' (the last '@' ends it)
        "u:S3cr3t:more@host",                    // and ':'
        "--hosts 'bench:S3cr3t@127.0.0.1:1': bad user name",
        "cannot connect to [bench:S3cr3t@127.0.0.1] on port 9042",
        "Command line: -p x=http://admin:S3cr3t@127.0.0.1/ -p y=1",
        "(\"http://a:S3cr3t@h\")",
        "line one\nhttp://a:S3cr3t@h/x");
  }

  @ParameterizedTest
  @MethodSource("textsWithCredentials")
  void should_mask_the_password_when_a_text_holds_user_password_at_host(String text) {
    for (String shown : new String[] {SecretNames.maskCredentials(text), SecretNames.maskText(text),
        SecretNames.safeLine(text), SecretNames.shown("any.name", text)}) {
      assertFalse(shown.contains(PW), shown);
      assertTrue(shown.contains(":***@"), shown);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"ycsb@10.0.1.11", "ycsb@10.0.1.13:2222 /opt/ycsb", "10.0.0.1:10001", "a@b.c",
      "http://127.0.0.1:8080/p.json", "user@host:22,user@host2:22", "[::1]:9042", "ratio 1:2 at 3@4", "a:b c@d",
      "workloads/workloada", "site.ycsb.BasicDB@1a2b3c", "12:30:00 time"})
  void should_leave_the_text_alone_when_it_holds_no_password(String text) {
    assertEquals(text, SecretNames.maskCredentials(text));
    assertEquals(text, SecretNames.maskText(text));
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
      "http://admin:S3cr3t@127.0.0.1/p.json           | http://admin:***@127.0.0.1/p.json",
      "bench:S3cr3t@h1,bench:x@h2                      | bench:***@h1,bench:***@h2",
      "u:p@S3cr3t@host:22                              | u:***@host:22",
      "redis://:S3cr3t@127.0.0.1                       | redis://:***@127.0.0.1"})
  void should_keep_the_user_and_host_when_masking(String text, String shown) {
    assertEquals(shown, SecretNames.maskCredentials(text));
  }
}
