package site.ycsb.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.Scanner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import site.ycsb.Status;
import site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter;
import site.ycsb.measurements.exporter.JSONMeasurementsExporter;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/** The text and JSON result formats, line for line, against golden files. */
class OutputFormatTest {

  private static Measurements recorded(String interval) {
    Properties p = new Properties();
    p.setProperty(Measurements.MEASUREMENT_INTERVAL, interval);
    Measurements m = new Measurements(p);
    for (int i = 1; i <= 1000; i++) {
      m.measure("READ", i);
      m.measureIntended("READ", i * 2);
      m.reportStatus("READ", Status.OK);
    }
    for (int i = 0; i < 3; i++) {
      m.measure("READ-FAILED", 7);
      m.measureIntended("READ-FAILED", 9);
      m.reportStatus("READ", Status.NOT_FOUND);
    }
    m.measure("UPDATE", 250L);
    m.measureIntended("UPDATE", 300L);
    m.reportStatus("UPDATE", Status.OK);
    return m;
  }

  private static String export(Measurements m, boolean json) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (MeasurementsExporter e = json ? new JSONMeasurementsExporter(out) : new TextMeasurementsExporter(out)) {
      m.exportMeasurements(e);
    }
    return new String(out.toByteArray(), StandardCharsets.UTF_8);
  }

  private static String golden(String name) {
    try (InputStream in = OutputFormatTest.class.getResourceAsStream("/golden/" + name);
         Scanner s = new Scanner(in, "UTF-8")) {
      return s.useDelimiter("\\A").next();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void should_match_the_0_17_text_format_when_measuring_service_time() throws IOException {
    assertEquals(golden("text-op.txt"), export(recorded("op"), false));
  }

  @Test
  void should_add_sorted_intended_sections_without_returns_when_interval_is_both() throws IOException {
    assertEquals(golden("text-both.txt"), export(recorded("both"), false));
  }

  @Test
  void should_name_intended_sections_plainly_and_count_returns_there_when_interval_is_intended()
      throws IOException {
    assertEquals(golden("text-intended.txt"), export(recorded("intended"), false));
  }

  @Test
  void should_write_one_valid_json_document_when_the_json_exporter_is_used() throws IOException {
    String json = export(recorded("both"), true);
    JsonNode root = new ObjectMapper().readTree(json);
    assertTrue(root.isArray());
    assertEquals("READ", root.get(0).get("metric").asText());
    assertEquals("Operations", root.get(0).get("measurement").asText());
    assertEquals(1000, root.get(0).get("value").asLong());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new JSONArrayMeasurementsExporter(out).close();
    assertEquals(0, new ObjectMapper().readTree(out.toByteArray()).size(), "an empty result is still valid JSON");
  }

  @Test
  void should_format_the_status_bracket_as_0_17_when_summarising_an_interval() {
    Measurements m = recorded("op");
    String summary = m.getSummary();
    assertTrue(summary.startsWith("[READ: Count=1000, Max=1000, Min=1, Avg=500.5, 90=900, 99=990, 99.9=999, "
        + "99.99=1000] [READ-FAILED: Count=3,"), summary);
    assertTrue(m.getSummary().startsWith("[READ: Count=0, Max=0, Min=0, Avg=0, 90=0"), "next interval is empty");
  }

  @Test
  void should_reject_an_unparsable_percentile_list_with_the_property_name() {
    Properties p = new Properties();
    p.setProperty(site.ycsb.cli.EngineOptions.PERCENTILES.name(), "95,ninety-nine");
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> new Measurements(p));
    assertTrue(e.getMessage().contains("hdrhistogram.percentiles: 'ninety-nine' is not a number"), e.getMessage());
  }

  @Test
  void should_count_and_report_latencies_above_an_hour_when_they_are_clamped() throws IOException {
    Measurements m = new Measurements(new Properties());
    m.measure("READ", 10);
    m.measure("READ", 2 * 3_600_000_000L);
    m.measure("READ", 3 * 3_600_000_000L);
    String text = export(m, false);
    assertTrue(text.contains("[READ], LatenciesAbove1h(recordedAs1h), 2\n"), text);
    assertTrue(text.contains("[READ], Operations, 3\n"), text);
    Measurements none = new Measurements(new Properties());
    none.measure("READ", 3_600_000_000L);
    assertTrue(!export(none, false).contains("LatenciesAbove1h"), "the line appears only when something was clamped");
  }

  @Test
  void should_label_percentiles_with_ordinals_when_exporting() {
    assertEquals("1st", OneMeasurementHdrHistogram.ordinal(1));
    assertEquals("2nd", OneMeasurementHdrHistogram.ordinal(2));
    assertEquals("3rd", OneMeasurementHdrHistogram.ordinal(3));
    assertEquals("11th", OneMeasurementHdrHistogram.ordinal(11));
    assertEquals("50th", OneMeasurementHdrHistogram.ordinal(50));
    assertEquals("99.9", OneMeasurementHdrHistogram.ordinal(99.9));
  }
}
