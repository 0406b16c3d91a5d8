package site.ycsb.db.griddb;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsb.DBException;

import java.util.Arrays;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Unit tests of every property of {@link GridDBConfig}: paths, aliases, defaults and validation errors. */
class GridDBConfigTest {

  private static Properties fixedList() {
    Properties p = new Properties();
    p.setProperty("griddb.notificationMember", "10.0.0.1:10001,10.0.0.2:10001");
    p.setProperty("griddb.clusterName", "bench");
    p.setProperty("griddb.user", "admin");
    p.setProperty("griddb.password", "s3cret");
    return p;
  }

  private static String error(Properties p) {
    DBException e = assertThrows(DBException.class, () -> GridDBConfig.from(p));
    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    assertFalse(e.getMessage().contains("s3cret"), "no password: " + e.getMessage());
    // Every refusal is a configuration mistake, which the engine reports with exit 2 (not 3, "cannot connect").
    assertTrue(e.getCause() instanceof IllegalArgumentException, "configuration mistake: " + e.getMessage());
    return e.getMessage();
  }

  @Test
  void should_use_fixed_list_and_bounded_defaults_when_only_members_are_given() throws Exception {
    GridDBConfig c = GridDBConfig.from(fixedList());
    assertEquals(ConnectionMethod.FIXED_LIST, c.getMethod());
    assertEquals(Arrays.asList("10.0.0.1:10001", "10.0.0.2:10001"), c.getMembers());
    assertEquals(10, c.getFailoverTimeoutSeconds());
    assertEquals("IMMEDIATE", c.getConsistency());
    assertEquals(1, c.getInsertBatchSize());
    assertEquals(0, c.getContainerCount());
    assertEquals(3, c.getMaxRetries());
    assertEquals(100, c.getRetryBackoffMillis());
    assertEquals("usertable", c.getTable());
    assertEquals(10, c.getFieldCount());
    assertEquals("field", c.getFieldNamePrefix());
    assertNull(c.getDatabase());
    assertNull(c.getTransactionTimeoutSeconds());
    assertNull(c.getContainerCacheSize());
    assertNull(c.getMaxConnectionPoolSize());
    Properties gs = c.gridStoreProperties();
    assertEquals("10.0.0.1:10001,10.0.0.2:10001", gs.getProperty("notificationMember"));
    assertEquals("bench", gs.getProperty("clusterName"));
    assertEquals("admin", gs.getProperty("user"));
    assertEquals("s3cret", gs.getProperty("password"));
    assertEquals("10", gs.getProperty("failoverTimeout"));
    assertEquals("IMMEDIATE", gs.getProperty("consistency"));
    assertNull(gs.getProperty("notificationAddress"));
    assertEquals(GridDBConfig.DEFAULT_REQUEST_TIMEOUT_MS, c.getRequestTimeoutMillis());
    assertEquals(4, c.factoryProperties().size(), "only the request timeout's: " + c.factoryProperties());
    assertEquals(0, c.getSystemPort(), "the node statistics are opt-in");
    assertTrue(c.getSystemMembers().isEmpty());
  }

  @Test
  void should_read_each_member_hosts_statistics_once_when_the_system_port_is_given() throws Exception {
    Properties p = fixedList();
    p.setProperty("griddb.notificationMember", "10.0.0.1:10001,10.0.0.2:10001,10.0.0.1:10101");
    p.setProperty("griddb.systemport", "10040");
    GridDBConfig c = GridDBConfig.from(p);
    assertEquals(10040, c.getSystemPort());
    assertEquals(Arrays.asList("10.0.0.1:10040", "10.0.0.2:10040"), c.getSystemMembers());
  }

  @Test
  void should_refuse_a_system_port_that_is_bad_or_without_the_fixed_list() {
    for (String bad : new String[] {"0", "65536", "x", "-1", "10040.5"}) {
      Properties p = fixedList();
      p.setProperty("griddb.systemport", bad);
      assertTrue(error(p).startsWith("griddb.systemport=" + bad + " "), bad + ": " + error(p));
    }
    Properties empty = fixedList();
    empty.setProperty("griddb.systemport", " ");
    assertTrue(error(empty).startsWith("griddb.systemport is given empty"), error(empty));
    Properties multicast = fixedList();
    multicast.remove("griddb.notificationMember");
    multicast.setProperty("griddb.notificationaddress", "239.0.0.1");
    multicast.setProperty("griddb.systemport", "10040");
    assertEquals("griddb.systemport is only used with the fixed list (griddb.notificationmember): the node statistics"
        + " are read from each member's host", error(multicast));
  }

  @Test
  void should_accept_ycsb_names_when_unprefixed_aliases_are_used() throws Exception {
    Properties p = new Properties();
    p.setProperty("notificationMember", "h1:10001");
    p.setProperty("clusterName", "c1");
    p.setProperty("userName", "u1");
    p.setProperty("password", "s3cret");
    GridDBConfig c = GridDBConfig.from(p);
    assertEquals(Arrays.asList("h1:10001"), c.getMembers());
    assertEquals("c1", c.getClusterName());
    assertEquals("u1", c.getUser());
    assertEquals("s3cret", c.getPassword());
  }

  @Test
  void should_use_multicast_when_address_and_port_aliases_are_given() throws Exception {
    Properties p = fixedList();
    p.remove("griddb.notificationMember");
    p.setProperty("notificationAddress", "239.0.0.1");
    p.setProperty("notificationPort", "31999");
    GridDBConfig c = GridDBConfig.from(p);
    assertEquals(ConnectionMethod.MULTICAST, c.getMethod());
    assertEquals("239.0.0.1", c.gridStoreProperties().getProperty("notificationAddress"));
    assertEquals("31999", c.gridStoreProperties().getProperty("notificationPort"));
    assertEquals("jdbc:gs://239.0.0.1:41999/bench/public", c.jdbcUrl());
    assertTrue(c.describeTarget().contains("multicast"));
  }

  @Test
  void should_default_multicast_port_when_only_address_is_given() throws Exception {
    Properties p = fixedList();
    p.remove("griddb.notificationMember");
    p.setProperty("griddb.notificationAddress", "239.0.0.2");
    p.setProperty("griddb.sqlNotificationPort", "41998");
    GridDBConfig c = GridDBConfig.from(p);
    assertEquals(31999, c.getNotificationPort());
    assertEquals("jdbc:gs://239.0.0.2:41998/bench/public", c.jdbcUrl());
  }

  @Test
  void should_use_provider_when_provider_url_is_given() throws Exception {
    Properties p = fixedList();
    p.remove("griddb.notificationMember");
    p.setProperty("griddb.notificationProvider", "http://provider.example/list.json");
    GridDBConfig c = GridDBConfig.from(p);
    assertEquals(ConnectionMethod.PROVIDER, c.getMethod());
    assertEquals("http://provider.example/list.json", c.gridStoreProperties().getProperty("notificationProvider"));
    assertEquals("jdbc:gs:///bench/public?notificationProvider=http%3A%2F%2Fprovider.example%2Flist.json",
        c.jdbcUrl());
  }

  @Test
  void should_derive_sql_members_on_port_20001_when_sql_member_is_not_set() throws Exception {
    GridDBConfig c = GridDBConfig.from(fixedList());
    assertEquals(Arrays.asList("10.0.0.1:20001", "10.0.0.2:20001"), c.getSqlMembers());
    assertEquals("jdbc:gs:///bench/public?notificationMember=10.0.0.1%3A20001%2C10.0.0.2%3A20001", c.jdbcUrl());
    assertEquals("s3cret", c.jdbcProperties().getProperty("password"));
    assertEquals("10", c.jdbcProperties().getProperty("loginTimeout"));
  }

  @Test
  void should_use_explicit_sql_members_and_database_when_set() throws Exception {
    Properties p = fixedList();
    p.setProperty("griddb.sqlMember", "s1:21001");
    p.setProperty("griddb.database", "ycsb");
    GridDBConfig c = GridDBConfig.from(p);
    assertEquals("jdbc:gs:///bench/ycsb?notificationMember=s1%3A21001", c.jdbcUrl());
    assertEquals("ycsb", c.gridStoreProperties().getProperty("database"));
  }

  @Test
  void should_pass_client_options_when_they_are_set() throws Exception {
    Properties p = fixedList();
    p.setProperty("griddb.consistency", "eventual");
    p.setProperty("griddb.failoverTimeout", "30");
    p.setProperty("griddb.transactionTimeout", "60");
    p.setProperty("griddb.containerCacheSize", "256");
    p.setProperty("griddb.maxConnectionPoolSize", "8");
    GridDBConfig c = GridDBConfig.from(p);
    Properties gs = c.gridStoreProperties();
    assertEquals("EVENTUAL", gs.getProperty("consistency"));
    assertEquals("30", gs.getProperty("failoverTimeout"));
    assertEquals("60", gs.getProperty("transactionTimeout"));
    assertEquals("256", gs.getProperty("containerCacheSize"));
    assertEquals("8", c.factoryProperties().getProperty("maxConnectionPoolSize"));
  }

  @ParameterizedTest
  @CsvSource({
      // request timeout, statement, connect (never above the client's 10 s), heartbeat (never below the statement
      // timeout, else the read timeout that checks it fires first), JDBC network timeout (whole seconds, up)
      "'',    5000,  5000,  10000, 5",
      "1500,  1500,  1500,  10000, 2",
      "30000, 30000, 10000, 30000, 30",
  })
  void should_bound_every_request_of_both_clients_when_a_request_timeout_applies(String given, String statement,
      String connect, String heartbeat, String network) throws Exception {
    Properties p = fixedList();
    if (!given.isEmpty()) {
      p.setProperty("griddb.requesttimeoutmillis", given);
    }
    GridDBConfig c = GridDBConfig.from(p);
    Properties f = c.factoryProperties();
    assertEquals("true", f.getProperty("statementTimeoutEnabled"));
    assertEquals(statement, f.getProperty("statementTimeoutMillis"));
    assertEquals(connect, f.getProperty("connectTimeoutMillis"));
    assertEquals(heartbeat, f.getProperty("heartbeatTimeoutMillis"));
    assertEquals(network, c.jdbcProperties().getProperty("internal.networkTimeout"));
  }

  @Test
  void should_leave_the_clients_unbounded_when_the_request_timeout_is_0() throws Exception {
    Properties p = fixedList();
    p.setProperty("griddb.requesttimeoutmillis", "0");
    GridDBConfig c = GridDBConfig.from(p);
    assertEquals(0, c.getRequestTimeoutMillis());
    assertTrue(c.factoryProperties().isEmpty(), c.factoryProperties().toString());
    assertNull(c.jdbcProperties().getProperty("internal.networkTimeout"));
  }

  @Test
  void should_read_layout_and_workload_properties_when_set() throws Exception {
    Properties p = fixedList();
    p.setProperty("griddb.containercount", "64");
    p.setProperty("griddb.insertbatchsize", "500");
    p.setProperty("griddb.retries", "0");
    p.setProperty("griddb.retrybackoffms", "5");
    p.setProperty("table", "t2");
    p.setProperty("fieldcount", "25");
    p.setProperty("fieldnameprefix", "col_");
    GridDBConfig c = GridDBConfig.from(p);
    assertEquals(64, c.getContainerCount());
    assertEquals(500, c.getInsertBatchSize());
    assertEquals(0, c.getMaxRetries());
    assertEquals(5, c.getRetryBackoffMillis());
    assertEquals("t2", c.getTable());
    assertEquals(25, c.getFieldCount());
    assertEquals("col_", c.getFieldNamePrefix());
  }

  @Test
  void should_fail_with_the_choices_when_no_connection_method_is_given() {
    Properties p = fixedList();
    p.remove("griddb.notificationMember");
    assertTrue(error(p).contains("griddb.notificationmember=host:port"), error(p));
  }

  @Test
  void should_fail_when_two_connection_methods_are_given() {
    Properties p = fixedList();
    p.setProperty("notificationAddress", "239.0.0.1");
    assertTrue(error(p).contains("only one"));
  }

  @Test
  void should_fail_when_a_port_is_given_for_a_fixed_list() {
    Properties p = fixedList();
    p.setProperty("notificationPort", "31999");
    assertTrue(error(p).contains("notificationPort is only used with griddb.notificationaddress"), error(p));
  }

  @Test
  void should_fail_when_a_sql_member_list_is_given_without_a_fixed_list() {
    Properties p = fixedList();
    p.remove("griddb.notificationMember");
    p.setProperty("griddb.notificationAddress", "239.0.0.1");
    p.setProperty("griddb.sqlMember", "h:20001");
    assertTrue(error(p).contains("griddb.sqlMember"));
  }

  @Test
  void should_fail_when_prefixed_name_and_alias_disagree() {
    Properties p = fixedList();
    p.setProperty("clusterName", "other");
    String msg = error(p);
    assertTrue(msg.contains("griddb.clusterName=bench") && msg.contains("clusterName=other"), msg);
  }

  @Test
  void should_not_print_passwords_when_password_and_alias_disagree() {
    Properties p = fixedList();
    p.setProperty("password", "0ther");
    String msg = error(p);
    assertTrue(msg.contains("griddb.password") && !msg.contains("0ther"), msg);
  }

  @Test
  void should_accept_equal_values_when_prefixed_name_and_alias_agree() throws Exception {
    Properties p = fixedList();
    p.setProperty("clusterName", "bench");
    assertEquals("bench", GridDBConfig.from(p).getClusterName());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "griddb.notificationMember|h1|host:port",
      "griddb.notificationMember|h1:|host:port",
      "griddb.notificationMember|:10001|host:port",
      "griddb.notificationMember|h1:10001,,h2:10001|host:port",
      "griddb.notificationMember|h1:abc|port=abc is not a whole number",
      "griddb.notificationMember|h1:70000|port=70000 must be between 1 and 65535",
      // a host the driver could never reach is a property mistake, not an init failure
      "griddb.notificationMember|256.1.1.1:10001|has host '256.1.1.1', which is not an IPv4 address",
      "griddb.notificationMember|h1:10001,1.2.3:10001|has host '1.2.3', which is not an IPv4 address",
      "griddb.notificationMember|db?x=1:10001|has host 'db?x=1', which is not a host name",
      "griddb.notificationMember|::1:10001|an IPv6 address goes in brackets",
      "griddb.sqlMember|h..x:20001|has host 'h..x', which is not a host name",
      "griddb.sqlMember|h1|host:port",
      "griddb.consistency|STRONG|griddb.consistency=STRONG is not one of: IMMEDIATE, EVENTUAL",
      "griddb.failoverTimeout|-1|griddb.failoverTimeout=-1 must be at least 0",
      "griddb.failoverTimeout|ten|griddb.failoverTimeout=ten is not a whole number",
      "griddb.transactionTimeout|0|griddb.transactionTimeout=0 must be at least 1",
      "griddb.requesttimeoutmillis|50|griddb.requesttimeoutmillis=50 must be 0 (no limit: wait as long as a node is"
          + " silent) or at least 100",
      "griddb.requesttimeoutmillis|3600001|griddb.requesttimeoutmillis=3600001 must be between 0 and 3600000",
      "griddb.requesttimeoutmillis|-1|griddb.requesttimeoutmillis=-1 must be between 0 and 3600000",
      "griddb.requesttimeoutmillis|5s|griddb.requesttimeoutmillis=5s is not a whole number",
      "griddb.containerCacheSize|-5|griddb.containerCacheSize=-5 must be at least 0",
      "griddb.maxConnectionPoolSize|x|griddb.maxConnectionPoolSize=x is not a whole number",
      "griddb.containercount|-1|griddb.containercount=-1 must be at least 1",
      // 0 containers cannot hold a record: not "the default", which is what leaving the property out means
      "griddb.containercount|0|griddb.containercount=0 must be at least 1",
      "griddb.scanlayout|tree|griddb.scanlayout=tree is not one of: rows, index, sql",
      "griddb.scanlayout|row|griddb.scanlayout=row is not one of: rows, index, sql",
      "griddb.scanindexcount|3|griddb.scanindexcount=3 sizes the scan index of griddb.scanlayout=index only",
      "griddb.scanindexcount|0|griddb.scanindexcount=0 must be between 1 and 4096",
      "griddb.scanindexcount|5000|griddb.scanindexcount=5000 must be between 1 and 4096",
      "griddb.insertbatchsize|0|griddb.insertbatchsize=0 must be at least 1",
      "griddb.retries|-1|griddb.retries=-1 must be at least 0",
      "griddb.retrybackoffms|1.5|griddb.retrybackoffms=1.5 is not a whole number",
      "fieldcount|0|fieldcount=0 must be at least 1",
      "fieldcount|many|fieldcount=many is not a whole number",
      "fieldnameprefix|1f|fieldnameprefix",
      "fieldnameprefix|f-x|fieldnameprefix",
      "table|user-table|table",
  })
  void should_fail_with_one_line_naming_the_property_when_a_value_is_invalid(String name, String value,
                                                                             String expected) {
    Properties p = fixedList();
    p.setProperty(name, value);
    String msg = error(p);
    assertTrue(msg.contains(name) || name.equals("table"), msg);
    assertTrue(msg.contains(expected), msg);
  }

  @ParameterizedTest
  @CsvSource({"rows,ROWS", "INDEX,INDEX", " Sql ,SQL"})
  void should_read_the_scan_layout_in_any_case_when_it_names_one(String value, ScanLayout expected)
      throws Exception {
    Properties p = fixedList();
    p.setProperty("griddb.scanlayout", value);
    assertEquals(expected, GridDBConfig.from(p).getScanLayout());
  }

  @Test
  void should_take_a_scan_index_count_when_the_layout_is_index() throws Exception {
    Properties p = fixedList();
    p.setProperty("griddb.scanlayout", "index");
    p.setProperty("griddb.scanindexcount", "3");
    assertEquals(3, GridDBConfig.from(p).getScanIndexCount());
    assertNull(GridDBConfig.from(fixedList()).getScanLayout(), "unset: the table decides");
  }

  @Test
  void should_fail_when_provider_is_not_a_url() {
    Properties p = fixedList();
    p.remove("griddb.notificationMember");
    p.setProperty("griddb.notificationProvider", "provider.example");
    assertTrue(error(p).contains("http(s) URL"));
  }

  @Test
  void should_fail_when_multicast_port_is_invalid() {
    Properties p = fixedList();
    p.remove("griddb.notificationMember");
    p.setProperty("notificationAddress", "239.0.0.1");
    p.setProperty("notificationPort", "0");
    // named as the user spelled it
    assertTrue(error(p).contains("notificationPort=0 must be between 1 and 65535"), error(p));
  }

  @ParameterizedTest
  @CsvSource({"griddb.clusterName,clusterName", "griddb.user,userName", "griddb.password,password"})
  void should_fail_naming_property_and_alias_when_a_required_value_is_missing(String name, String alias) {
    Properties p = fixedList();
    p.remove(name);
    String msg = error(p);
    assertTrue(msg.contains(name) && msg.contains(alias), msg);
  }

  @ParameterizedTest
  @CsvSource({"griddb.clusterName", "griddb.consistency", "griddb.failoverTimeout", "griddb.failovertimeoutseconds",
      "griddb.requesttimeoutmillis",
      "griddb.retries", "griddb.notificationPort", "griddb.scanlayout", "griddb.database", "griddb.password"})
  void should_refuse_a_value_given_blank_when_parsing(String name) {
    // an unset shell variable must not silently mean the default (or "missing" for a required one)
    Properties p = fixedList();
    p.setProperty(name, " \t");
    assertEquals(name + " is given empty: give a value, or leave " + name + " out for its default", error(p));
  }

  @Test
  void should_name_method_members_and_cluster_but_not_password_when_describing_the_target() throws Exception {
    String d = GridDBConfig.from(fixedList()).describeTarget();
    assertTrue(d.contains("fixed list") && d.contains("10.0.0.1:10001") && d.contains("bench"), d);
    assertFalse(d.contains("s3cret"), d);
  }

  /** Every name in the convention, and every older spelling of it, is read; two spellings that disagree are not. */
  @Test
  void should_accept_the_convention_and_every_older_spelling_when_names_are_given() throws Exception {
    Properties p = new Properties();
    p.setProperty("griddb.notificationmember", "h1:10001");
    p.setProperty("griddb.clustername", "c");
    p.setProperty("griddb.user", "u");
    p.setProperty("griddb.password", "pw");
    p.setProperty("griddb.failovertimeoutseconds", "7");
    p.setProperty("griddb.retrybackoffmillis", "250");
    GridDBConfig c = GridDBConfig.from(p);
    assertEquals("c", c.getClusterName());
    assertEquals("7", c.gridStoreProperties().getProperty("failoverTimeout"));
    for (java.util.Map.Entry<String, java.util.List<String>> e : GridDBConfig.OLD_SPELLINGS.entrySet()) {
      for (String old : e.getValue()) {
        Properties both = fixedList();
        both.setProperty(e.getKey(), "1");
        both.setProperty(old, "2");
        String msg = error(both);
        assertTrue(msg.contains(" disagree; set only one") && msg.contains(old), old + ": " + msg);
      }
    }
    Properties old = fixedList();
    old.setProperty("griddb.retrybackoffms", "250");
    old.setProperty("griddb.retrybackoffmillis", "300");
    assertEquals("griddb.retrybackoffmillis=300 and its other spelling griddb.retrybackoffms=250 disagree; set only one",
        error(old));
  }

  /** One name per concept across the bindings: the CQL bindings' maxretries, with GridDB's earlier name kept. */
  @Test
  void should_read_the_retry_limit_as_griddb_maxretries_and_its_earlier_name_when_either_is_given() throws Exception {
    Properties p = fixedList();
    p.setProperty("griddb.maxretries", "7");
    assertEquals(7, GridDBConfig.from(p).getMaxRetries());
    p.remove("griddb.maxretries");
    p.setProperty("griddb.retries", "2");
    assertEquals(2, GridDBConfig.from(p).getMaxRetries());
    p.setProperty("griddb.maxretries", "4");
    assertEquals("griddb.maxretries=4 and its other spelling griddb.retries=2 disagree; set only one", error(p));
  }

  /** The back-off's cap is a property, as in the CQL bindings; not given, the earlier constant (5 s) applies. */
  @Test
  void should_take_the_back_off_cap_from_griddb_retrybackoffmaxmillis_and_refuse_one_below_the_base_when_given()
      throws Exception {
    assertEquals(5000, GridDBConfig.from(fixedList()).getRetryBackoffMaxMillis());
    Properties p = fixedList();
    p.setProperty("griddb.retrybackoffmillis", "200");
    p.setProperty("griddb.retrybackoffmaxmillis", "800");
    assertEquals(800, GridDBConfig.from(p).getRetryBackoffMaxMillis());
    p.setProperty("griddb.retrybackoffmaxmillis", "150");
    assertEquals("griddb.retrybackoffmaxmillis=150 must not be below griddb.retrybackoffmillis=200", error(p));
    p.setProperty("griddb.retrybackoffmaxmillis", "-1");
    assertEquals("griddb.retrybackoffmaxmillis=-1 must be between 0 and 3600000", error(p));
    Properties big = fixedList();
    big.setProperty("griddb.retrybackoffmillis", "9000");
    assertEquals(5000, GridDBConfig.from(big).getRetryBackoffMaxMillis(), "a base above the default cap: as before");
  }
}
