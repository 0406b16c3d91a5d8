package site.ycsb.fleet.ssh;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import site.ycsb.fleet.UsageException;

class HostsParserTest {
  @TempDir
  Path tmp;

  @Test
  void should_read_user_host_port_and_home_when_given_in_a_hosts_file() throws Exception {
    Path f = tmp.resolve("hosts");
    Files.write(f, Arrays.asList("# clients", "", "ycsb@client-1:2222 /opt/ycsb-1.0  # rack 1", "client-2",
        "  10.0.0.3   ycsb  ", "[::1]:22 /x"));
    List<HostSpec> h = HostsParser.parseFile(f);
    assertEquals(4, h.size());
    assertEquals("ycsb", h.get(0).user());
    assertEquals("client-1", h.get(0).host());
    assertEquals(2222, h.get(0).port());
    assertEquals("/opt/ycsb-1.0", h.get(0).home());
    assertEquals("ycsb@client-1:2222", h.get(0).name());
    assertNull(h.get(1).user());
    assertEquals(0, h.get(1).port());
    assertNull(h.get(1).home());
    assertEquals("ycsb", h.get(2).home());
    assertEquals("::1", h.get(3).host());
    assertEquals(22, h.get(3).port());
  }

  /** Files that are not hosts files: a FIFO blocked the head for ever, /dev/zero filled its heap. */
  @Test
  void should_refuse_with_one_line_when_the_hosts_file_is_not_a_regular_small_file() throws Exception {
    Path fifo = tmp.resolve("fifo");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
    Path big = tmp.resolve("big");
    Files.write(big, new byte[(int) HostsParser.MAX_HOSTS_FILE_BYTES + 1]);
    String[][] cases = {
        {fifo.toString(), "hosts file " + fifo + " is not a regular file"},
        {"/dev/zero", "hosts file /dev/zero is not a regular file"},
        {tmp.toString(), "hosts file " + tmp + " is not a regular file"},
        {big.toString(), "hosts file " + big + " is 1048577 bytes, more than 1048576 (is it a hosts file?)"},
        {tmp.resolve("none").toString(), "hosts file " + tmp.resolve("none") + " not found"},
    };
    for (String[] c : cases) {
      UsageException e = assertThrows(UsageException.class,
          () -> HostsParser.parseFile(java.nio.file.Paths.get(c[0])));
      assertEquals(c[1], e.getMessage());
    }
  }

  @Test
  void should_name_the_file_and_line_when_a_port_is_bad() {
    UsageException e = assertThrows(UsageException.class,
        () -> HostsParser.parseLines(Arrays.asList("a", "b:99999"), "hosts.txt"));
    assertTrue(e.getMessage().startsWith("hosts.txt line 2: port=99999 must be between 1 and 65535"), e.getMessage());
  }

  @Test
  void should_refuse_a_line_with_three_fields_when_parsing() {
    UsageException e = assertThrows(UsageException.class,
        () -> HostsParser.parseLines(Arrays.asList("a /x extra"), "h"));
    assertTrue(e.getMessage().contains("h line 1: expected '[user@]host[:port] [ycsb-home]'"), e.getMessage());
  }

  @Test
  void should_refuse_a_home_with_shell_characters_when_parsing() {
    assertThrows(UsageException.class, () -> HostsParser.parseLines(Arrays.asList("a /x;rm"), "h"));
    assertThrows(UsageException.class, () -> HostsParser.parseLines(Arrays.asList("a $(id)"), "h"));
  }

  @Test
  void should_refuse_a_host_name_that_ssh_would_take_for_an_option_when_parsing() {
    assertThrows(UsageException.class, () -> HostsParser.parseList("-oProxyCommand=x"));
  }

  @Test
  void should_refuse_an_empty_file_when_no_hosts_are_listed() throws Exception {
    Path f = tmp.resolve("empty");
    Files.write(f, Arrays.asList("# nothing", ""));
    UsageException e = assertThrows(UsageException.class, () -> HostsParser.parseFile(f));
    assertTrue(e.getMessage().contains("no hosts"), e.getMessage());
  }

  @Test
  void should_report_a_missing_file_in_one_line_when_it_cannot_be_read() {
    UsageException e = assertThrows(UsageException.class, () -> HostsParser.parseFile(tmp.resolve("nope")));
    assertEquals("hosts file " + tmp.resolve("nope") + " not found", e.getMessage());
  }

  @Test
  void should_parse_a_comma_list_and_refuse_empty_entries_when_given_with_hosts() throws Exception {
    List<HostSpec> h = HostsParser.parseList("a,root@b:2200");
    assertEquals("root@b:2200", h.get(1).name());
    assertThrows(UsageException.class, () -> HostsParser.parseList("a,,b"));
  }
}
