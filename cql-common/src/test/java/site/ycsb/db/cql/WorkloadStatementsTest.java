package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;

class WorkloadStatementsTest {
  private static Properties core(String... pairs) {
    Properties p = new Properties();
    p.setProperty("workload", WorkloadStatements.CORE_WORKLOAD);
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }

  private static List<String> of(WorkloadStatements plan, OpType type) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, OpType> e : plan.statements().entrySet()) {
      if (e.getValue() == type) {
        out.add(e.getKey());
      }
    }
    return out;
  }

  @Test
  void should_plan_only_the_insert_when_loading() {
    WorkloadStatements plan = WorkloadStatements.plan(core("dotransactions", "false", "fieldcount", "3"), false);
    assertEquals(1, plan.statements().size());
    assertEquals("INSERT INTO usertable (y_id, field0, field1, field2) VALUES (?, ?, ?, ?)",
        of(plan, OpType.INSERT).get(0));
  }

  @Test
  void should_plan_whole_row_reads_and_single_field_updates_when_defaults_apply() {
    WorkloadStatements plan = WorkloadStatements.plan(core(), false);
    assertEquals(1, of(plan, OpType.READ).size());
    assertEquals(CqlText.read("usertable", null), of(plan, OpType.READ).get(0));
    assertEquals(CqlText.scan("usertable", null), of(plan, OpType.SCAN).get(0));
    assertEquals(10, of(plan, OpType.UPDATE).size());
    assertTrue(of(plan, OpType.UPDATE).contains("UPDATE usertable SET field7 = ? WHERE y_id = ?"));
    assertEquals(1, of(plan, OpType.DELETE).size());
  }

  @Test
  void should_plan_each_single_field_read_and_scan_when_readallfields_is_false() {
    WorkloadStatements plan = WorkloadStatements.plan(core("readallfields", "false", "fieldcount", "4",
        "table", "t", "fieldnameprefix", "c"), false);
    assertEquals(4, of(plan, OpType.READ).size());
    assertTrue(of(plan, OpType.READ).contains("SELECT c3 FROM t WHERE y_id = ?"));
    assertEquals(4, of(plan, OpType.SCAN).size());
  }

  @Test
  void should_plan_named_columns_in_cqltext_order_when_reading_all_fields_by_name() {
    WorkloadStatements plan = WorkloadStatements.plan(core("readallfieldsbyname", "true", "fieldcount", "11"),
        false);
    // Sorted as strings, as the binding sorts the field set it receives: field10 comes before field2.
    assertTrue(of(plan, OpType.READ).get(0).startsWith("SELECT field0, field1, field10, field2,"),
        of(plan, OpType.READ).toString());
  }

  @Test
  void should_plan_one_whole_row_update_with_lwt_conditions_when_writeallfields_and_lwt() {
    WorkloadStatements plan = WorkloadStatements.plan(core("writeallfields", "true", "fieldcount", "2"), true);
    assertEquals(1, of(plan, OpType.UPDATE).size());
    assertEquals("UPDATE usertable SET field0 = ?, field1 = ? WHERE y_id = ? IF EXISTS",
        of(plan, OpType.UPDATE).get(0));
    assertTrue(of(plan, OpType.INSERT).get(0).endsWith(" IF NOT EXISTS"));
  }

  @Test
  void should_skip_single_field_variants_when_there_are_too_many_fields() {
    WorkloadStatements plan = WorkloadStatements.plan(core("fieldcount",
        Integer.toString(WorkloadStatements.MAX_SINGLE_FIELD_VARIANTS + 1)), false);
    assertTrue(of(plan, OpType.UPDATE).isEmpty());
    assertEquals(1, of(plan, OpType.READ).size());
  }

  @Test
  void should_plan_nothing_when_the_workload_is_not_the_core_workload_or_names_are_unusable() {
    Properties other = core();
    other.setProperty("workload", "com.example.MyWorkload");
    assertTrue(WorkloadStatements.plan(other, false).isEmpty());
    assertTrue(WorkloadStatements.plan(new Properties(), false).isEmpty());
    assertTrue(WorkloadStatements.plan(core("table", "user table"), false).isEmpty());
    assertTrue(WorkloadStatements.plan(core("fieldnameprefix", "f-"), false).isEmpty());
    assertTrue(WorkloadStatements.plan(core("fieldcount", "0"), false).isEmpty());
    assertFalse(WorkloadStatements.plan(core("fieldcount", "not-a-number"), false).isEmpty());
  }
}
