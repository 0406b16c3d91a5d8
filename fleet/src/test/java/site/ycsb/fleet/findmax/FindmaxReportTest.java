package site.ycsb.fleet.findmax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static site.ycsb.testsupport.DeclaredFields.declared;
import static site.ycsb.testsupport.DeclaredFields.keys;

import java.nio.file.Path;
import java.util.Collections;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.fleet.EngineRecord;
import site.ycsb.results.FindmaxFields;

/**
 * findmax.json as findmax writes it (beside a step the real engine wrote): exactly the fields results'
 * {@link FindmaxFields} declares for its reader, with the step's figures. (That {@code bin/ycsb report} reads it back
 * is FindmaxIT's: the report needs the chart library, which this module's class path leaves out.)
 */
class FindmaxReportTest {
  @Test
  void should_write_exactly_the_declared_fields_when_findmax_writes_its_record(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("fm");
    FindmaxStep s = FindmaxStepRunner.read(300, EngineRecord.write(out.resolve("step-01-300")));
    s.dir = "step-01-300";
    s.passed = true;
    FindmaxSearch.Outcome o = new FindmaxSearch.Outcome();
    o.steps.add(s);
    o.maximum = 300;
    o.ending = "the last step passed at the highest rate asked";
    FindmaxReport.write(out, o, Collections.singletonList(FindmaxSla.parse("p99<1s")), 0.001);

    JsonNode root = new ObjectMapper().readTree(out.resolve(FindmaxFields.FILE).toFile());
    assertEquals(declared(FindmaxFields.class, FindmaxFields.FILE, FindmaxFields.FORMAT_VALUE), keys(root));
    assertEquals(FindmaxFields.FORMAT_VALUE, root.path(FindmaxFields.FORMAT).asText());
    assertEquals(declared(FindmaxFields.Sla.class), keys(root.path(FindmaxFields.SLAS).path(0)));
    assertEquals("p99<1s", root.path(FindmaxFields.SLAS).path(0).path(FindmaxFields.Sla.TEXT).asText());
    JsonNode step = root.path(FindmaxFields.STEPS).path(0);
    assertEquals(declared(FindmaxFields.Step.class), keys(step));
    assertEquals("step-01-300", step.path(FindmaxFields.Step.DIR).asText());
    assertEquals(s.achieved, step.path(FindmaxFields.Step.ACHIEVED).asDouble(), 0.0);
    assertEquals(s.cause, step.path(FindmaxFields.Step.CAUSE).asText());
    assertEquals(300, root.path(FindmaxFields.MAXIMUM).asDouble(), 0.0);
    assertEquals(o.ending, root.path(FindmaxFields.ENDING).asText());
  }
}
