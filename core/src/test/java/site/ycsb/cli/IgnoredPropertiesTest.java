package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import site.ycsb.ClientRunner;

/** 0.17.0 properties accepted and ignored are named once, on one line. */
class IgnoredPropertiesTest {

  @Test
  void should_say_nothing_when_no_ignored_property_is_set() {
    Properties p = new Properties();
    p.setProperty("recordcount", "10");
    p.setProperty("htracex", "1"); // not the htrace.* family
    assertNull(IgnoredProperties.notice(p));
  }

  @Test
  void should_name_every_htrace_property_on_one_line_when_several_are_set() {
    Properties p = new Properties();
    p.setProperty("htrace.span.receiver.classes", "x");
    p.setProperty("htrace.sampler.classes", "AlwaysSampler");
    p.setProperty("recordcount", "10");
    String line = IgnoredProperties.notice(p);
    assertFalse(line.contains("\n"));
    assertTrue(line.contains("ignored"), line);
    assertTrue(line.contains("htrace.sampler.classes, htrace.span.receiver.classes"), line);
    assertFalse(line.contains("recordcount"), line);
  }

  @Test
  void should_print_the_notice_once_when_a_run_sets_htrace_properties() {
    ClientRunner r = ClientRunner.run("-load", "-db", "site.ycsb.BasicDB", "-p", "basicdb.verbose=false",
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=3",
        "-p", "htrace.sampler.classes=AlwaysSampler", "-p", "htrace.span.receiver.classes=Foo");
    assertEquals(0, r.exitCode, r.err);
    long lines = Arrays.stream(r.err.split("\n")).filter(l -> l.contains("htrace.") && l.contains("ignored")).count();
    assertEquals(1, lines, r.err);
    assertEquals(3, r.longValue("INSERT", "Operations"));
  }

  @Test
  void should_not_print_the_notice_when_no_htrace_property_is_set() {
    ClientRunner r = ClientRunner.run("-load", "-db", "site.ycsb.BasicDB", "-p", "basicdb.verbose=false",
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=3");
    assertEquals(0, r.exitCode, r.err);
    assertFalse(r.err.contains("ignored"), r.err);
  }
}
