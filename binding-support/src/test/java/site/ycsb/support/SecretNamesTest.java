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
}
