/**
 * The head's way to the client and database machines over plain OpenSSH: the command lines of {@code ssh} and
 * {@code scp} ({@link site.ycsb.fleet.ssh.SshCommand}), the shell quoting and the remote command of a phase
 * ({@link site.ycsb.fleet.ssh.ShellQuote}, {@link site.ycsb.fleet.ssh.RemoteCommand}), the gate every connection
 * passes (at most {@code --ssh-setups} being set up at once, retries of a refused set-up, deadlines:
 * {@link site.ycsb.fleet.ssh.SshGate}) with a short command's result ({@link site.ycsb.fleet.ssh.Captured}), a
 * client's clock against the head's ({@link site.ycsb.fleet.ssh.ClockCheck}), the hosts and hosts files
 * ({@link site.ycsb.fleet.ssh.HostSpec}, {@link site.ycsb.fleet.ssh.HostsParser}) and the options of all this,
 * declared once ({@link site.ycsb.fleet.ssh.FleetOptions}).
 *
 * <p>For the command packages ({@code suite}'s {@code --db-hosts} sampling, {@code findmax}, {@code cluster});
 * it uses only the module's base, never a command. Public is what those packages call; the retry loop and the
 * patterns that recognise a refused set-up stay internal.
 */
package site.ycsb.fleet.ssh;
