package site.ycsb.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TypedPropertiesTest {
  private final Properties props = new Properties();
  private final TypedProperties typed = new TypedProperties(props);

  private String failure(Runnable read) {
    return assertThrows(IllegalArgumentException.class, read::run).getMessage();
  }

  @Test
  void should_give_the_default_when_the_value_is_missing_or_blank_text() {
    props.setProperty("blank", "   ");
    assertEquals(7, typed.intValue("missing", 7, 0));
    assertEquals(7L, typed.longValue("missing", 7L, 0));
    assertEquals(0.5, typed.doubleValue("missing", 0.5, 0));
    assertTrue(typed.bool("missing", true));
    assertEquals(0.25, typed.fraction("missing", 0.25));
    assertEquals("d", typed.string("blank", "d"));
    assertFalse(typed.isSet("blank"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "\t", "  \t "})
  void should_refuse_a_typed_value_given_blank_when_read_as_number_or_flag(String blank) {
    // an unset shell variable (-p target=$RATE) must not silently run with the default
    props.setProperty("x", blank);
    String expected = "x is given empty: give a value, or leave x out for its default";
    assertEquals(expected, failure(() -> typed.intValue("x", 7, 0)));
    assertEquals(expected, failure(() -> typed.longValue("x", 7L, 0, 9)));
    assertEquals(expected, failure(() -> typed.doubleValue("x", 0.5, 0)));
    assertEquals(expected, failure(() -> typed.fraction("x", 0.5)));
    assertEquals(expected, failure(() -> typed.bool("x", true)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "\t"})
  void should_refuse_text_given_blank_and_give_the_default_only_when_absent(String blank) {
    assertEquals("d", typed.text("x", "d"));
    props.setProperty("x", " v ");
    assertEquals("v", typed.text("x", "d"));
    props.setProperty("x", blank);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> typed.text("x", "d"));
    assertEquals("x is given empty: give a value, or leave x out for its default", e.getMessage());
    TypedProperties aliased = new TypedProperties(props, java.util.Collections.singletonMap("y",
        java.util.Collections.singletonList("x")));
    e = assertThrows(IllegalArgumentException.class, () -> aliased.text("y", "d"));
    assertTrue(e.getMessage().startsWith("x is given empty"), e.getMessage());
  }

  @Test
  void should_trim_the_value_when_reading() {
    props.setProperty("n", " 42 ");
    props.setProperty("b", " TRUE ");
    props.setProperty("s", "  text ");
    assertEquals(42, typed.intValue("n", 0, 0));
    assertTrue(typed.bool("b", false));
    assertEquals("text", typed.string("s", null));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "abc                  | 0 | 2147483647 | n=abc is not a whole number",
      "1.5                  | 0 | 2147483647 | n=1.5 is not a whole number",
      "-1                   | 0 | 2147483647 | n=-1 must be at least 0",
      "2147483648           | 0 | 2147483647 | n=2147483648 is too large (at most 2147483647)",
      "99999999999999999999 | 0 | 2147483647 | n=99999999999999999999 is too large (at most 2147483647)",
      "0                    | 1 | 65535      | n=0 must be between 1 and 65535",
      "65536                | 1 | 65535      | n=65536 must be between 1 and 65535",
      "-99999999999999999999| 1 | 65535      | n=-99999999999999999999 must be between 1 and 65535",
  })
  void should_name_the_property_and_the_bound_when_an_int_is_wrong(String value, int min, int max, String message) {
    props.setProperty("n", value);
    assertEquals(message, failure(() -> typed.intValue("n", 0, min, max)));
  }

  /** Java's parsers take other scripts' digits and its own float suffixes; a user never means them. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "\u0664                    | n=\u0664 is not a whole number",
      "\uFF11\uFF10\uFF10            | n=\uFF11\uFF10\uFF10 is not a whole number",
      "1\u0660                   | n=1\u0660 is not a whole number",
      "0x10                     | n=0x10 is not a whole number",
      "1e3                      | n=1e3 is not a whole number",
      "+-1                      | n=+-1 is not a whole number",
  })
  void should_refuse_a_whole_number_when_it_is_not_written_in_ascii_digits(String value, String message) {
    props.setProperty("n", value);
    assertEquals(message, failure(() -> typed.longValue("n", 0, 0)));
    assertEquals(message, failure(() -> typed.intValue("n", 0, 0)));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "0.5d         | d=0.5d is not a number",
      "1f           | d=1f is not a number",
      "0x1p-1       | d=0x1p-1 is not a number",
      "\u0661.5      | d=\u0661.5 is not a number",
      "1e           | d=1e is not a number",
  })
  void should_refuse_a_decimal_number_when_it_uses_java_only_syntax(String value, String message) {
    props.setProperty("d", value);
    assertEquals(message, failure(() -> typed.doubleValue("d", 0, 0)));
    assertEquals(message, failure(() -> typed.fraction("d", 0)));
  }

  @ParameterizedTest
  @CsvSource({"1.5, 1.5", "-.5, -0.5", "1., 1.0", "2E-1, 0.2", "+3e2, 300.0"})
  void should_accept_a_decimal_number_when_it_is_written_as_people_write_it(String value, double expected) {
    assertEquals(expected, TypedProperties.parseDouble("d", value, -10));
  }

  @Test
  void should_say_too_large_when_a_long_overflows() {
    props.setProperty("n", "99999999999999999999");
    assertEquals("n=99999999999999999999 is too large (at most 9223372036854775807)",
        failure(() -> typed.longValue("n", 0, 0)));
  }

  @Test
  void should_reject_nan_infinity_and_small_numbers_when_a_double_is_read() {
    props.setProperty("d", "NaN");
    assertEquals("d=NaN is not a number", failure(() -> typed.doubleValue("d", 0, 0)));
    props.setProperty("d", "x");
    assertEquals("d=x is not a number", failure(() -> typed.doubleValue("d", 0, 0)));
    props.setProperty("d", "Infinity");
    assertEquals("d=Infinity is not a finite number", failure(() -> typed.doubleValue("d", 0, 0)));
    props.setProperty("d", "-0.5");
    assertEquals("d=-0.5 must be a number of at least 0", failure(() -> typed.doubleValue("d", 0, 0)));
    props.setProperty("d", "1e400");
    assertEquals("d=1e400 is not a finite number", failure(() -> typed.doubleValue("d", 0, 0)));
    props.setProperty("d", "0.1");
    assertEquals("d=0.1 must be a number of at least 0.5", failure(() -> typed.doubleValue("d", 0, 0.5)));
  }

  @Test
  void should_accept_only_zero_to_one_when_a_fraction_is_read() {
    props.setProperty("f", "0.25");
    assertEquals(0.25, typed.fraction("f", 1));
    props.setProperty("f", "1.5");
    assertEquals("f=1.5 must be a number between 0 and 1", failure(() -> typed.fraction("f", 0)));
    props.setProperty("f", "half");
    assertEquals("f=half is not a number", failure(() -> typed.fraction("f", 0)));
  }

  @Test
  void should_accept_only_true_or_false_when_a_boolean_is_read() {
    props.setProperty("b", "False");
    assertFalse(typed.bool("b", true));
    props.setProperty("b", "yes");
    assertEquals("b=yes must be true or false", failure(() -> typed.bool("b", false)));
  }

  @Test
  void should_mask_the_value_when_the_name_looks_secret() {
    props.setProperty("db.password", "hunter2");
    props.setProperty("api.Token", "t0k");
    assertEquals("db.password=*** is not a whole number", failure(() -> typed.intValue("db.password", 0, 0)));
    assertEquals("api.Token=*** must be true or false", failure(() -> typed.bool("api.Token", false)));
  }

  @Test
  void should_say_what_the_property_is_for_when_a_required_one_is_missing() {
    assertEquals("missing required property hosts (comma-separated contact points)",
        failure(() -> typed.required("hosts", "comma-separated contact points")));
    props.setProperty("hosts", " a,b ");
    assertEquals("a,b", typed.required("hosts", "x"));
  }

  @Test
  void should_carry_the_message_as_an_illegal_argument_cause_when_a_configuration_error_is_made() {
    site.ycsb.DBException e = TypedProperties.configurationError("x=1 must be at least 2");
    assertEquals("x=1 must be at least 2", e.getMessage());
    assertTrue(e.getCause() instanceof IllegalArgumentException);
    assertEquals(e.getMessage(), e.getCause().getMessage());
  }

  @Test
  void should_parse_values_that_come_from_elsewhere_with_the_same_messages() {
    assertEquals(5, TypedProperties.parseLong("-threads", "5", 1, Integer.MAX_VALUE));
    assertEquals("-threads=0 must be at least 1",
        failure(() -> TypedProperties.parseLong("-threads", "0", 1, Integer.MAX_VALUE)));
    assertEquals("-threads= is not a whole number",
        failure(() -> TypedProperties.parseLong("-threads", null, 1, Integer.MAX_VALUE)));
    assertTrue(TypedProperties.parseBoolean("x", "true"));
    assertEquals(2.5, TypedProperties.parseDouble("x", "2.5", 0));
  }

  @Test
  void should_read_an_older_spelling_and_name_it_when_the_name_is_not_given() {
    java.util.Map<String, java.util.List<String>> old = java.util.Collections.singletonMap("db.retrybackoffmillis",
        java.util.Arrays.asList("db.retryBackoffMs", "retrybackoff"));
    java.util.Properties p = new java.util.Properties();
    TypedProperties t = new TypedProperties(p, old);
    assertEquals(100, t.longValue("db.retrybackoffmillis", 100, 0));
    p.setProperty("retrybackoff", "250");
    assertEquals(250, t.longValue("db.retrybackoffmillis", 100, 0));
    assertEquals("retrybackoff", t.given("db.retrybackoffmillis"));
    p.setProperty("retrybackoff", "x");
    assertEquals("retrybackoff=x is not a whole number", assertThrows(IllegalArgumentException.class,
        () -> t.longValue("db.retrybackoffmillis", 100, 0)).getMessage());
    p.setProperty("retrybackoff", "250");
    p.setProperty("db.retrybackoffmillis", " 250 ");
    assertEquals(250, t.longValue("db.retrybackoffmillis", 100, 0), "equal values agree");
    p.setProperty("db.retryBackoffMs", "300");
    assertEquals("db.retrybackoffmillis=250 and its other spelling db.retryBackoffMs=300 disagree; set only one",
        assertThrows(IllegalArgumentException.class, () -> t.longValue("db.retrybackoffmillis", 100, 0))
            .getMessage());
  }

  @Test
  void should_never_show_a_secret_when_two_spellings_of_a_password_disagree() {
    java.util.Properties p = new java.util.Properties();
    p.setProperty("db.password", "s3cret");
    p.setProperty("password", "0ther");
    TypedProperties t = new TypedProperties(p, java.util.Collections.singletonMap("db.password",
        java.util.Collections.singletonList("password")));
    String m = assertThrows(IllegalArgumentException.class, () -> t.string("db.password", null)).getMessage();
    assertEquals("db.password and its other spelling password disagree; set only one", m);
    assertEquals("s3cret", t.raw("db.password"));
  }
}
