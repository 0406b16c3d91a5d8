package site.ycsb.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Properties;

import org.junit.jupiter.api.Test;

class OptionTest {
  private static final Option<Long> SILENT = Option.whole("silentnodemillis", 2000L, 100, 3_600_000).unit("ms")
      .zeroMeans("off", "attempts are looked at every 100 ms").meaning("the silent-node guard").build();
  private static final Option<Integer> TIMEOUT = Option.count("readtimeoutmillis", null, 1, 60_000).unit("ms")
      .defaultText("driver default").meaning("read timeout").build();
  private static final Option<Boolean> SSL = Option.flag("usessl", false).aliases("YCSB 0.17.0's spelling", "useSSL")
      .meaning("TLS").build();
  private static final Option<String> PASSWORD = Option.secret("password").meaning("its password").build();
  private final Properties props = new Properties();

  private static String error(Runnable read) {
    return assertThrows(IllegalArgumentException.class, read::run).getMessage();
  }

  @Test
  void should_give_the_default_when_the_option_is_not_given() {
    assertEquals(Long.valueOf(2000), SILENT.read(props));
    assertNull(TIMEOUT.read(props), "no default: the client library's applies");
    assertFalse(SSL.read(props));
  }

  @Test
  void should_refuse_a_value_out_of_bounds_with_one_line_naming_the_property_when_it_is_given() {
    props.setProperty("readtimeoutmillis", "0");
    assertEquals("readtimeoutmillis=0 must be between 1 and 60000", error(() -> TIMEOUT.read(props)));
    props.setProperty("readtimeoutmillis", "");
    assertEquals("readtimeoutmillis is given empty: give a value, or leave readtimeoutmillis out for its default",
        error(() -> TIMEOUT.read(props)));
    props.setProperty("readtimeoutmillis", "1500");
    assertEquals(Integer.valueOf(1500), TIMEOUT.read(props));
  }

  @Test
  void should_accept_0_as_off_and_refuse_values_below_the_minimum_when_zero_means_off() {
    props.setProperty("silentnodemillis", "0");
    assertEquals(Long.valueOf(0), SILENT.read(props));
    props.setProperty("silentnodemillis", "50");
    assertEquals("silentnodemillis=50 must be 0 (off) or at least 100 ms (attempts are looked at every 100 ms)",
        error(() -> SILENT.read(props)));
    props.setProperty("silentnodemillis", "-1");
    assertEquals("silentnodemillis=-1 must be between 0 and 3600000", error(() -> SILENT.read(props)));
  }

  @Test
  void should_read_an_older_spelling_and_name_it_in_messages_when_it_is_the_one_given() {
    props.setProperty("useSSL", "TRUE");
    assertTrue(SSL.read(props));
    props.setProperty("useSSL", "on");
    assertEquals("useSSL=on must be true or false", error(() -> SSL.read(props)));
  }

  private static final Option<String> MODE = Option.choice("mode", "auto", "auto", "true", "false")
      .aliases(null, "Mode").meaning("the mode").build();
  private static final Option<Double> RATE = Option.number("rate", 0, 0, 1e9).meaning("the rate").build();
  private static final Option<String> CLASS = Option.textAsGiven("class", "site.Default").meaning("a class").build();

  @Test
  void should_take_one_of_the_choices_exactly_and_refuse_every_other_word_when_given() {
    assertEquals("auto", MODE.read(props));
    props.setProperty("mode", " false ");
    assertEquals("false", MODE.read(props));
    for (String bad : new String[] {"maybe", "Auto", "TRUE", "", " ", "auto,true"}) {
      props.setProperty("mode", bad);
      assertEquals("mode=" + bad.trim() + " is not one of: auto, true, false", error(() -> MODE.read(props)), bad);
    }
    props.remove("mode");
    props.setProperty("Mode", "nope");
    assertEquals("Mode=nope is not one of: auto, true, false", error(() -> MODE.read(props)), "the older spelling");
    assertEquals("`auto`, `true` or `false`", MODE.valuesText());
  }

  @Test
  void should_read_a_number_within_its_bounds_and_refuse_each_kind_of_bad_number_when_given() {
    assertEquals(0.0, RATE.read(props), 0);
    props.setProperty("rate", " 2.5 ");
    assertEquals(2.5, RATE.read(props), 0);
    props.setProperty("rate", "1e9");
    assertEquals(1e9, RATE.read(props), 0);
    String[][] cases = {
        {"1e99", "rate=1e99 is too large (at most 1000000000)"},
        {"1000000000.5", "rate=1000000000.5 is too large (at most 1000000000)"},
        {"-1", "rate=-1 must be a number of at least 0"},
        {"1e400", "rate=1e400 is not a finite number"},
        {"fast", "rate=fast is not a number"},
        {"NaN", "rate=NaN is not a number"},
        {"0x10", "rate=0x10 is not a number"},
        {"", "rate is given empty: give a value, or leave rate out for its default"},
    };
    for (String[] c : cases) {
      props.setProperty("rate", c[0]);
      assertEquals(c[1], error(() -> RATE.read(props)), c[0]);
    }
    assertEquals("0..1000000000", RATE.valuesText());
  }

  @Test
  void should_read_blank_text_as_empty_not_as_the_default_when_text_is_read_as_given() {
    assertEquals("site.Default", CLASS.read(props));
    assertFalse(CLASS.isGiven(props));
    for (String blank : new String[] {"", " ", "\t"}) {
      props.setProperty("class", blank);
      assertEquals("", CLASS.read(props), "a blank value is not the default");
      assertTrue(CLASS.isGiven(props));
    }
    props.setProperty("class", " site.Other ");
    assertEquals("site.Other", CLASS.read(props));
  }

  @Test
  void should_give_the_value_and_the_spelling_as_given_when_a_reader_of_its_own_asks() {
    site.ycsb.support.TypedProperties typed = new site.ycsb.support.TypedProperties(props,
        java.util.Collections.singletonMap("usessl", Arrays.asList("useSSL")));
    assertNull(SSL.givenValue(typed));
    assertEquals("usessl", SSL.spelling(typed));
    props.setProperty("useSSL", "  ");
    assertEquals("", SSL.givenValue(typed), "blank");
    assertEquals("useSSL", SSL.spelling(typed));
    assertTrue(SSL.isGiven(typed));
    props.setProperty("useSSL", " yes ");
    assertEquals("yes", SSL.givenValue(typed));
    assertEquals("useSSL", SSL.spelling(typed));
  }

  @Test
  void should_rename_the_name_older_spellings_and_texts_and_keep_the_declaration_when_renamed() {
    Option<Boolean> own = SSL.renamed(n -> "cassandra." + n, t -> t.replace("TLS", "TLS to Cassandra"));
    assertEquals("cassandra.usessl", own.name());
    assertEquals(Arrays.asList("cassandra.useSSL"), own.aliases());
    assertEquals("TLS to Cassandra", own.meaning());
    OptionSet set = new OptionSet(Arrays.<Option<?>>asList(own));
    assertTrue(set.has(SSL));
    props.setProperty("cassandra.useSSL", "true");
    assertTrue(set.values(props).get(SSL));
    assertEquals("cassandra.useSSL", set.values(props).given(SSL));
  }

  @Test
  void should_never_show_a_secret_when_it_is_shown_in_the_record() {
    props.setProperty("password", " top secret ");
    assertEquals(" top secret ", PASSWORD.read(props), "a password is taken exactly as given");
    assertEquals("***", PASSWORD.show(PASSWORD.read(props)));
    assertEquals("off", SILENT.show(0L));
    assertEquals("750 ms", SILENT.show(750L));
  }

  @Test
  void should_render_one_table_row_per_option_with_default_values_and_meaning_when_asked_for_the_readme_table() {
    String table = new OptionSet(Arrays.<Option<?>>asList(SILENT, TIMEOUT, SSL, PASSWORD)).markdownTable();
    assertEquals("| name | default | values | meaning |\n|---|---|---|---|\n"
        + "| `silentnodemillis` | `2000` | 0 (off) or 100..3600000 ms | The silent-node guard. |\n"
        + "| `readtimeoutmillis` | driver default | 1..60000 ms | Read timeout. |\n"
        + "| `usessl` (also `useSSL`, YCSB 0.17.0's spelling) | `false` | `true` or `false` | TLS. |\n"
        + "| `password` | — | text, never printed | Its password. |\n", table);
  }

  @Test
  void should_refuse_two_options_with_one_spelling_when_a_set_is_made() {
    Option<Boolean> clash = Option.flag("useSSL", true).build();
    assertEquals("useSSL is declared by both usessl and useSSL", assertThrows(IllegalStateException.class,
        () -> new OptionSet(Arrays.<Option<?>>asList(SSL, clash))).getMessage());
  }

  @Test
  void should_find_replace_and_check_the_table_between_the_markers_when_a_readme_has_them() throws Exception {
    String readme = "# x\n\n" + ReadmeTable.BEGIN + "\nold\n" + ReadmeTable.END + "\n\nmore\n";
    assertEquals("old\n", ReadmeTable.in(readme));
    assertEquals("# x\n\n" + ReadmeTable.BEGIN + "\nnew\n" + ReadmeTable.END + "\n\nmore\n",
        ReadmeTable.with(readme, "new\n"));
    java.nio.file.Path file = java.nio.file.Files.createTempFile("README", ".md");
    try {
      java.nio.file.Files.write(file, readme.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      assertTrue(ReadmeTable.check(file, "new\n", false).contains("-Doptions.readme.write=true"));
      assertNull(ReadmeTable.check(file, "old\n", false));
      assertNull(ReadmeTable.check(file, "new\n", true));
      assertNull(ReadmeTable.check(file, "new\n", false), "rewritten");
    } finally {
      java.nio.file.Files.delete(file);
    }
  }
}
