package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Paths;

import org.junit.jupiter.api.Test;

import site.ycsb.db.cql.profile.ProfileOptions;
import site.ycsb.options.ReadmeTable;

/**
 * STRESS-PROFILES.md's property table is the one the profile run's declarations render ({@link ProfileOptions#SET}).
 * After changing one, regenerate it: {@code mvn -o -q -pl cassandra2 -am test -Dtest=StressProfilesReadmeTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Doptions.readme.write=true}.
 */
class StressProfilesReadmeTest {
  @Test
  void should_list_every_declared_profile_property_as_declared_when_the_table_is_read() throws Exception {
    assertNull(ReadmeTable.check(Paths.get(System.getProperty("basedir", "."), "STRESS-PROFILES.md"),
        ProfileOptions.SET.markdownTable(), Boolean.getBoolean("options.readme.write")));
  }
}
