package site.ycsb.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SecretNamesTest {
  @Test
  void should_recognise_secret_words_in_any_case_when_they_are_part_of_a_name() {
    for (String name : new String[] {"password", "cassandra.Password", "db.passwd", "aws.SECRET.key", "api.token",
        "credentials.file"}) {
      assertTrue(SecretNames.isSecret(name), name);
      assertEquals("***", SecretNames.shown(name, "v"));
    }
  }

  @Test
  void should_show_the_value_when_the_name_is_not_secret() {
    assertFalse(SecretNames.isSecret("cassandra.username"));
    assertEquals("bob", SecretNames.shown("cassandra.username", "bob"));
  }

  @Test
  void should_mask_a_secret_parameter_when_a_value_of_a_plain_name_holds_one() {
    for (String value : new String[] {"jdbc:x://h/db?user=u&password=S3cr3t", "h?token=S3cr3t",
        "jdbc:x://h;Passwd=S3cr3t;ssl=1", "http://u:S3cr3t@h/p"}) {
      String shown = SecretNames.shown("jdbc.url", value);
      assertFalse(shown.contains("S3cr3t"), shown);
      assertTrue(shown.contains(SecretNames.MASK), shown);
    }
  }
}
