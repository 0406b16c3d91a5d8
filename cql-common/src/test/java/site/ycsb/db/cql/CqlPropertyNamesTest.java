package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import site.ycsb.options.Option;

/** The names the declarations give each binding: exactly those the bindings accepted before they were declared. */
class CqlPropertyNamesTest {
  private static final List<String> SHARED = Arrays.asList("keyspace", "username", "password",
      "readconsistencylevel", "writeconsistencylevel", "serialconsistencylevel", "localdc", "maxconnections",
      "coreconnections", "connecttimeoutmillis", "readtimeoutmillis", "requesttimeoutmillis", "maxretries",
      "retrybackoffmillis", "retrybackoffmaxmillis", "speculativedelaymillis", "speculativemaxexecutions", "usessl",
      "ssl.truststore", "ssl.truststorepassword", "ssl.keystore", "ssl.keystorepassword", "ssl.storetype", "tracing",
      "tracing.fraction", "serverview", "silentnodemillis");

  private static Map<String, List<String>> namesAndAliases(CqlPropertyNames names) {
    Map<String, List<String>> out = new TreeMap<>();
    for (Option<?> o : names.options().options()) {
      out.put(o.name(), o.aliases());
    }
    return out;
  }

  private static Map<String, List<String>> expected(String prefix, String hosts, String port, boolean lwt) {
    Map<String, List<String>> out = new TreeMap<>();
    List<String> none = new ArrayList<>();
    out.put(hosts, none);
    out.put(port, none);
    for (String name : SHARED) {
      out.put(prefix + name, none);
    }
    if (lwt) {
      out.put(prefix + "lwt", none);
    }
    out.put(prefix + "usessl", Arrays.asList(prefix + "useSSL"));
    out.put(prefix + "localdc", Arrays.asList(prefix + "local_dc"));
    return out;
  }

  @Test
  void should_give_the_cassandra_binding_ycsbs_unprefixed_hosts_and_port_and_no_lwt_when_named_for_it() {
    CqlPropertyNames names = new CqlPropertyNames("cassandra", "Cassandra", "cassandra.", true, false, "ONE");
    assertEquals(expected("cassandra.", "hosts", "port", false), namesAndAliases(names));
    assertEquals("hosts", names.hosts);
    assertEquals("cassandra.readtimeoutmillis", names.readTimeout);
    assertEquals(null, names.lwt);
  }

  @Test
  void should_prefix_every_scylla_name_and_have_lwt_when_named_for_scylla() {
    CqlPropertyNames names = new CqlPropertyNames("scylla", "ScyllaDB", "scylla.", false, true, "QUORUM");
    assertEquals(expected("scylla.", "scylla.hosts", "scylla.port", true), namesAndAliases(names));
    assertEquals("scylla.lwt", names.lwt);
    assertEquals("scylla.useSSL", names.oldSpellings.get("scylla.usessl").get(0));
  }

  @Test
  void should_put_the_bindings_names_into_the_texts_when_named_for_it() {
    CqlPropertyNames names = new CqlPropertyNames("scylla", "ScyllaDB", "scylla.", false, true, "QUORUM");
    assertEquals("comma-separated ScyllaDB contact points", names.options().get(CqlOptions.HOSTS).meaning());
    assertEquals("`QUORUM`; `LOCAL_QUORUM` if `scylla.localdc` is set",
        names.options().get(CqlOptions.READ_CL).defaultText());
  }
}
