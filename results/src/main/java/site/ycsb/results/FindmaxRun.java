package site.ycsb.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import site.ycsb.output.RecordFiles;

/**
 * The record of one {@code bin/ycsb findmax} run: {@code findmax.json} ({@link FindmaxFields}, written by the fleet
 * module's findmax) and the result directory of every step beside it. A step directory that is missing (the engine
 * could not run) is kept as a step without figures.
 */
final class FindmaxRun {
  /** One step: a measured run at a target rate (search, follow-up at a fraction) or at a thread count (ramp). */
  static final class Step {
    final int index;
    final String kind;
    final double target;
    final long threads;
    final double achieved;
    final boolean passed;
    final String reason;
    /** The step's result directory, or null when the step wrote none. */
    final ResultDir dir;
    /** Whether the step missed its bounds while the machine did not run the client on time. */
    boolean inconclusive;
    /** The client's verdict on the step's lateness ("machine", "client", "database", ...; "" if not recorded). */
    String cause = "";
    /** The client's measures of the causes in a few words ("" if not recorded). */
    String measures = "";

    Step(int index, String kind, double target, long threads, double achieved, boolean passed, String reason,
         ResultDir dir) {
      this.index = index;
      this.kind = kind;
      this.target = target;
      this.threads = threads;
      this.achieved = achieved;
      this.passed = passed;
      this.reason = reason;
      this.dir = dir;
    }
  }

  final Path dir;
  final String mode;
  final List<String> slas = new ArrayList<>();
  /** The limit of each SLA in µs, in the order of {@link #slas}. */
  final List<Long> slaLimitsUs = new ArrayList<>();
  final double maximum;
  final boolean lowerBound;
  final String ending;
  /** Which steps ran on a busy machine (findmax's note), or "". */
  final String machineNote;
  final List<Step> steps = new ArrayList<>();

  private FindmaxRun(Path dir, JsonNode root) throws UsageException {
    this.dir = dir;
    this.mode = root.path(FindmaxFields.MODE).asText("rate");
    this.maximum = root.path(FindmaxFields.MAXIMUM).asDouble(0);
    this.lowerBound = root.path(FindmaxFields.LOWER_BOUND).asBoolean(false);
    this.ending = root.path(FindmaxFields.ENDING).asText("");
    this.machineNote = root.path(FindmaxFields.MACHINE_NOTE).asText("");
    for (JsonNode s : root.path(FindmaxFields.SLAS)) {
      slas.add(s.path(FindmaxFields.Sla.TEXT).asText());
      slaLimitsUs.add(s.path(FindmaxFields.Sla.LIMIT_US).asLong());
    }
    for (JsonNode s : root.path(FindmaxFields.STEPS)) {
      String sub = s.path(FindmaxFields.Step.DIR).asText("");
      ResultDir rd = null;
      if (!sub.isEmpty()) {
        Path p = dir.resolve(sub).normalize();
        if (!p.startsWith(dir.normalize())) {
          throw new UsageException(dir.resolve(FindmaxFields.FILE) + ": step directory '" + sub + "' is outside "
              + dir);
        }
        if (Files.isRegularFile(p.resolve(RecordFiles.SUMMARY))) {
          rd = ResultDir.load(p);
        }
      }
      Step step = new Step(s.path(FindmaxFields.Step.INDEX).asInt(steps.size() + 1),
          s.path(FindmaxFields.Step.KIND).asText("search"), s.path(FindmaxFields.Step.TARGET).asDouble(0),
          s.path(FindmaxFields.Step.THREADS).asLong(0), s.path(FindmaxFields.Step.ACHIEVED).asDouble(0),
          s.path(FindmaxFields.Step.PASSED).asBoolean(false), s.path(FindmaxFields.Step.REASON).asText(""), rd);
      step.inconclusive = s.path(FindmaxFields.Step.INCONCLUSIVE).asBoolean(false);
      step.cause = s.path(FindmaxFields.Step.CAUSE).asText("");
      step.measures = s.path(FindmaxFields.Step.MEASURES).asText("");
      steps.add(step);
    }
  }

  /** Whether DIR holds a findmax record. */
  static boolean isFindmax(Path dir) {
    return Files.isRegularFile(dir.resolve(FindmaxFields.FILE));
  }

  static FindmaxRun load(Path dir) throws UsageException {
    Path file = dir.resolve(FindmaxFields.FILE);
    JsonNode root;
    try {
      root = Json.read(file);
    } catch (JsonProcessingException e) {
      throw new UsageException("unreadable " + file + ": " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new UsageException("cannot read " + file + ": " + e.getMessage());
    }
    if (root == null || !root.isObject()
        || !FindmaxFields.FORMAT_VALUE.equals(root.path(FindmaxFields.FORMAT).asText(""))) {
      throw new UsageException(file + " is not a findmax record (format '" + FindmaxFields.FORMAT_VALUE + "')");
    }
    return new FindmaxRun(dir, root);
  }

  /** The passing step at the found maximum (the search step whose target is the maximum), or null. */
  Step maximumStep() {
    for (Step s : steps) {
      if (s.passed && "search".equals(s.kind) && s.target == maximum && maximum > 0) {
        return s;
      }
      if (s.passed && "threads".equals(s.kind) && s.achieved == maximum && maximum > 0) {
        return s;
      }
    }
    return null;
  }
}
