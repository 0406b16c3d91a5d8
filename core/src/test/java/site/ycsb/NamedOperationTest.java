package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;
import site.ycsb.named.NamedOperationDB;

/** Named operations are recorded by the wrapper under the workload's name, like READ or INSERT. */
class NamedOperationTest {

  /** A CQL binding's status of a conditional write whose condition did not hold. */
  static final Status NOT_APPLIED = new Status("NOT_APPLIED", "The conditional write was not applied.");

  /** Answers with NOT_FOUND, ERROR or NOT_APPLIED when the request says so, else OK. */
  static final class NamedDB extends DB implements NamedOperationDB {
    @Override
    public Status executeNamed(String name, Object request) {
      return "missing".equals(request) ? Status.NOT_FOUND : "broken".equals(request) ? Status.ERROR
          : "taken".equals(request) ? NOT_APPLIED : Status.OK;
    }

    @Override
    public Status read(String t, String k, java.util.Set<String> f, java.util.Map<String, ByteIterator> r) {
      return Status.OK;
    }

    @Override
    public Status scan(String t, String s, int n, java.util.Set<String> f,
                       java.util.Vector<java.util.HashMap<String, ByteIterator>> r) {
      return Status.OK;
    }

    @Override
    public Status update(String t, String k, java.util.Map<String, ByteIterator> v) {
      return Status.OK;
    }

    @Override
    public Status insert(String t, String k, java.util.Map<String, ByteIterator> v) {
      return Status.OK;
    }

    @Override
    public Status delete(String t, String k) {
      return Status.OK;
    }
  }

  private static String export(Measurements m) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (MeasurementsExporter e = new TextMeasurementsExporter(out)) {
      m.exportMeasurements(e);
    }
    return new String(out.toByteArray(), StandardCharsets.UTF_8);
  }

  private static Measurements measurements() {
    Properties p = new Properties();
    p.setProperty(Measurements.MEASUREMENT_INTERVAL, "both");
    return new Measurements(p);
  }

  @Test
  void should_record_service_intended_and_status_under_the_name_when_a_binding_executes_a_named_operation()
      throws Exception {
    Measurements m = measurements();
    DBWrapper wrapper = new DBWrapper(new NamedDB(), m);
    wrapper.setProperties(new Properties());
    for (int i = 0; i < 5; i++) {
      assertEquals(Status.OK, wrapper.executeNamed("insert", "row"));
    }
    assertEquals(Status.NOT_FOUND, wrapper.executeNamed("select1", "missing"));
    assertEquals(Status.OK, wrapper.executeNamed("select1", "row"));
    assertEquals(Status.ERROR, wrapper.executeNamed("select1", "broken"));
    String text = export(m);
    assertTrue(text.contains("[insert], Operations, 5"), text);
    assertTrue(text.contains("[Intended-insert], Operations, 5"), text);
    assertTrue(text.contains("[insert], Return=OK, 5"), text);
    assertTrue(text.contains("[select1], Return=NOT_FOUND, 1"), text);
    assertTrue(text.contains("[select1], Return=ERROR, 1"), text);
    assertTrue(text.contains("[select1-FAILED], Operations, 2"), text);
    assertFalse(text.contains("[INSERT]"), text);
    assertEquals(1, wrapper.consecutiveErrors());
  }

  @Test
  void should_not_count_a_write_whose_condition_did_not_hold_as_a_failure_when_counting_consecutive_errors()
      throws Exception {
    Measurements m = measurements();
    DBWrapper wrapper = new DBWrapper(new NamedDB(), m);
    wrapper.setProperties(new Properties());
    assertEquals(Status.ERROR, wrapper.executeNamed("insert", "broken"));
    for (int i = 0; i < 20; i++) {
      assertEquals(NOT_APPLIED, wrapper.executeNamed("insert", "taken"));
    }
    // A lightweight transaction that did not apply is an answer, as NOT_FOUND is: it ends a run of errors.
    assertEquals(0, wrapper.consecutiveErrors());
    assertEquals(Status.ERROR, wrapper.executeNamed("insert", "broken"));
    assertEquals(1, wrapper.consecutiveErrors());
    String text = export(m);
    assertTrue(text.contains("[insert], Return=NOT_APPLIED, 20"), text);
    // Its latency is kept apart from the failures'.
    assertTrue(text.contains("[insert-NOT_APPLIED], Operations, 20"), text);
    assertTrue(text.contains("[insert-FAILED], Operations, 2"), text);
  }

  @Test
  void should_answer_not_implemented_when_the_binding_has_no_named_operations() throws Exception {
    Measurements m = measurements();
    DBWrapper wrapper = new DBWrapper(new MemoryDB(), m);
    assertEquals(Status.NOT_IMPLEMENTED, wrapper.executeNamed("insert", "row"));
    assertTrue(export(m).contains("[insert], Return=NOT_IMPLEMENTED, 1"));
  }
}
