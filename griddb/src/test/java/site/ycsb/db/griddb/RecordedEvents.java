package site.ycsb.db.griddb;

import site.ycsb.support.DatabaseReports;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The node events binding-support's {@link DatabaseReports} receives while it is open, standing in for the engine that
 * listens in a real run. Closing stops listening.
 */
final class RecordedEvents implements DatabaseReports.Listener, AutoCloseable {
  private final List<DatabaseReports.NodeEvent> events = new CopyOnWriteArrayList<>();

  private RecordedEvents() {
  }

  static RecordedEvents listen() {
    RecordedEvents recorded = new RecordedEvents();
    DatabaseReports.listen(recorded);
    return recorded;
  }

  @Override
  public void setting(String binding, String name, String value) {
  }

  @Override
  public void nodeEvent(DatabaseReports.NodeEvent event) {
    events.add(event);
  }

  List<DatabaseReports.NodeEvent> events() {
    return new ArrayList<>(events);
  }

  /** Each event's one line, as a YCSB 0.17.0 install prints it on stderr. */
  List<String> lines() {
    List<String> lines = new ArrayList<>();
    for (DatabaseReports.NodeEvent e : events) {
      lines.add(e.describe());
    }
    return lines;
  }

  @Override
  public void close() {
    DatabaseReports.stopListening(this);
  }
}
