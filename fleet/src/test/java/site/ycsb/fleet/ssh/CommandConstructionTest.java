package site.ycsb.fleet.ssh;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Command lines for ssh/scp and the remote shell; the remote string is checked by running it in a real sh. */
class CommandConstructionTest {
  @TempDir
  Path tmp;

  private static final List<String> NASTY = Arrays.asList("plain", "with space", "it's", "$HOME", "`id`", "a\"b",
      "*", "", "x;y", "back\\slash", "new\nline", "-p", "k=v w");

  /** Runs a shell command the way sshd does (sh -c STRING) and returns its stdout. */
  private static String sh(String command) throws Exception {
    Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(false).start();
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    try (InputStream in = p.getInputStream()) {
      byte[] b = new byte[4096];
      int n;
      while ((n = in.read(b)) > 0) {
        buf.write(b, 0, n);
      }
    }
    assertEquals(0, p.waitFor());
    return new String(buf.toByteArray(), StandardCharsets.UTF_8);
  }

  @Test
  void should_deliver_every_argument_intact_when_parsed_by_a_posix_shell() throws Exception {
    String out = sh("printf '<%s>' " + ShellQuote.join(NASTY));
    StringBuilder want = new StringBuilder();
    for (String a : NASTY) {
      want.append('<').append(a).append('>');
    }
    assertEquals(want.toString(), out);
  }

  @Test
  void should_leave_safe_words_unquoted_when_quoting() {
    assertEquals("recordcount=1000", ShellQuote.quote("recordcount=1000"));
    assertEquals("'a b'", ShellQuote.quote("a b"));
    assertEquals("''", ShellQuote.quote(""));
  }

  @Test
  void should_run_bin_ycsb_with_intact_arguments_and_the_common_start_instant_when_the_remote_command_runs()
      throws Exception {
    Path home = tmp.resolve("ycsb home");
    Files.createDirectories(home.resolve("bin"));
    Path ycsb = home.resolve("bin/ycsb");
    Files.write(ycsb, Arrays.asList("#!/bin/sh", "printf '<%s>' \"$@\""));
    Files.setPosixFilePermissions(ycsb, PosixFilePermissions.fromString("rwxr-xr-x"));
    long start = System.currentTimeMillis() + 60_000;
    List<String> args = new ArrayList<>(Arrays.asList("run", "basic"));
    args.addAll(NASTY);
    long before = System.currentTimeMillis();
    String out = sh(RemoteCommand.build(home.toString(), start, args));
    assertTrue(System.currentTimeMillis() - before < 30_000, "the engine starts at once; it waits for the instant");
    StringBuilder want = new StringBuilder("<run><basic>");
    for (String a : NASTY) {
      want.append('<').append(a).append('>');
    }
    want.append("<-p><start.epochms=").append(start).append('>');
    assertEquals(want.toString(), out.trim());
  }

  @Test
  void should_announce_the_process_id_when_the_remote_command_runs() throws Exception {
    Path home = tmp.resolve("h");
    Files.createDirectories(home.resolve("bin"));
    Files.write(home.resolve("bin/ycsb"), Arrays.asList("#!/bin/sh", "echo started"));
    Files.setPosixFilePermissions(home.resolve("bin/ycsb"), PosixFilePermissions.fromString("rwxr-xr-x"));
    String cmd = RemoteCommand.build(home.toString(), System.currentTimeMillis(), Collections.singletonList("x"));
    Process p = new ProcessBuilder("sh", "-c", cmd).start();
    String err = new String(readAll(p.getErrorStream()), StandardCharsets.UTF_8);
    String out = new String(readAll(p.getInputStream()), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor());
    assertEquals("started\n", out);
    assertTrue(err.contains(RemoteCommand.PID_MARKER), err);
  }

  private static byte[] readAll(InputStream in) throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    byte[] b = new byte[4096];
    int n;
    while ((n = in.read(b)) > 0) {
      buf.write(b, 0, n);
    }
    return buf.toByteArray();
  }

  @Test
  void should_put_port_options_and_destination_in_place_when_building_ssh_and_scp() {
    SshCommand ssh = new SshCommand(Arrays.asList("IdentityFile=/k"), "/cfg", Arrays.asList("-v"));
    HostSpec h = new HostSpec("root", "127.0.0.2", 2222, "/y");
    List<String> s = ssh.ssh(h, "echo hi");
    assertEquals("ssh", s.get(0));
    assertEquals(Arrays.asList("-F", "/cfg", "-v", "-o", "IdentityFile=/k"), s.subList(2, 7));
    assertTrue(s.contains("BatchMode=yes"));
    assertEquals(Arrays.asList("-p", "2222", "root@127.0.0.2", "echo hi"), s.subList(s.size() - 4, s.size()));
    List<String> f = ssh.fetch(h, "/y/r", "/local");
    assertEquals(Arrays.asList("-P", "2222", "root@127.0.0.2:/y/r", "/local"), f.subList(f.size() - 4, f.size()));
    assertTrue(f.contains("-r"));
    List<String> v6 = ssh.push(new HostSpec(null, "::1", 0, "/y"), "/a", "/y/b");
    assertEquals("[::1]:/y/b", v6.get(v6.size() - 1));
    assertTrue(!v6.contains("-P"));
  }

  @Test
  void should_keep_ssh_s_input_open_only_when_building_the_sampling_loop_s_connection() {
    SshCommand ssh = new SshCommand(Arrays.asList("IdentityFile=/k"), null, Arrays.<String>asList());
    HostSpec h = new HostSpec("root", "127.0.0.2", 2222, null);
    List<String> closed = ssh.ssh(h, "loop");
    List<String> open = ssh.sshWithInput(h, "loop");
    // the loop on the node prints a sample per tick read from its input: with -n it would read none and end
    assertEquals("-n", closed.get(1));
    assertTrue(!open.contains("-n"), open.toString());
    assertEquals(closed.subList(2, closed.size()), open.subList(1, open.size()));
  }

  @Test
  void should_split_ycsb_ssh_opts_on_blanks_when_read_from_the_environment() {
    assertEquals(Arrays.asList("-i", "/k", "-o", "A=b"), SshCommand.splitEnv("  -i /k\t-o A=b "));
    assertEquals(Collections.emptyList(), SshCommand.splitEnv(null));
  }
}
