package site.ycsb.db.cql.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The profile run's properties as read by their declarations ({@link ProfileOptions}). */
class ProfileOptionsTest {
  private static Properties props(String... pairs) {
    Properties p = new Properties();
    p.setProperty("profile", "x.yaml");
    for (String pair : pairs) {
      int eq = pair.indexOf('=');
      p.setProperty(pair.substring(0, eq), pair.substring(eq + 1));
    }
    return p;
  }

  @Test
  void should_give_the_declared_defaults_when_only_the_profile_is_set() {
    ProfileProperties parsed = ProfileProperties.parse(props());
    assertEquals(1.0, parsed.ops().get("insert"));
    assertEquals(1, parsed.ops().size());
    assertEquals(1L, parsed.seed());
    assertEquals(0L, parsed.population());
    assertEquals(1, parsed.visits());
    assertEquals("uniform(1..5)", parsed.inList().toString().replace(" ", ""));
    assertNull(parsed.convergence());
  }

  @ParameterizedTest
  @CsvSource({"true,250,250", "false,250,0", "true,0,0"})
  void should_start_inserts_after_the_population_when_insertstart_is_not_given(boolean run, long population,
      long expected) {
    ProfileProperties parsed = ProfileProperties.parse(props("dotransactions=" + run,
        "profile.population=" + population));
    assertEquals(expected, parsed.insertStart());
  }

  @Test
  void should_take_insertstart_as_given_when_it_is_set() {
    assertEquals(7L, ProfileProperties.parse(props("profile.population=250", "insertstart=7")).insertStart());
  }

  @ParameterizedTest
  @ValueSource(strings = {"ops", "profile.inlist", "profile.seed", "profile.population", "insertstart",
      "profile.visits", "profile.schema", "profile.err", "profile.nmin"})
  void should_refuse_a_blank_value_naming_the_property_when_one_is_given_empty(String name) {
    for (String blank : new String[] {"", "  "}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ProfileProperties.parse(props(name + "=" + blank)));
      assertTrue(e.getMessage().startsWith(name + " is given empty"), e.getMessage());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "  "})
  void should_name_the_missing_profile_when_it_is_absent_or_blank(String value) {
    Properties p = props();
    p.setProperty("profile", value);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProfileProperties.parse(p));
    assertTrue(e.getMessage().startsWith("missing required property profile"), e.getMessage());
    p.remove("profile");
    assertThrows(IllegalArgumentException.class, () -> ProfileProperties.parse(p));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "profile.population=-1|between 0 and", "profile.population=9223372036854775807|between 0 and",
      "insertstart=-5|between 0 and", "profile.seed=1e3|not a whole number",
      "profile.seed=99999999999999999999|profile.seed=", "profile.schema=yes|profile.schema=yes",
      "profile.summary=1|profile.summary=1", "profile.nmin=2000000|between 1 and"})
  void should_refuse_a_value_out_of_its_declared_bounds_or_type(String pair, String problem) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ProfileProperties.parse(props(pair)));
    assertTrue(e.getMessage().contains(problem), e.getMessage());
    assertTrue(e.getMessage().startsWith(pair.substring(0, pair.indexOf('='))), e.getMessage());
  }

  @Test
  void should_accept_the_whole_range_of_seeds_when_one_is_negative() {
    assertEquals(Long.MIN_VALUE, ProfileProperties.parse(props("profile.seed=" + Long.MIN_VALUE)).seed());
  }

  @Test
  void should_render_one_row_per_declaration_when_the_table_is_drawn() {
    String table = ProfileOptions.SET.markdownTable();
    assertEquals(ProfileOptions.SET.options().size() + 2, table.split("\n").length);
    assertTrue(table.contains("| `profile.inlist` | `uniform(1..5)` |"), table);
  }
}
