package site.ycsb.results;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class IntervalGridTest {
  private final IntervalGrid grid = new IntervalGrid(1_000_000, 1_003_500, 1000);

  @Test
  void should_cover_the_run_with_a_short_last_interval_when_the_run_is_not_a_multiple() {
    assertEquals(4, grid.size());
    assertEquals(1_003_000, grid.startOf(3));
    assertEquals(1_003_500, grid.endOf(3));
    assertEquals(0.5, grid.seconds(3), 1e-9);
  }

  @Test
  void should_keep_a_client_interval_in_place_when_its_status_tick_drifts_late() {
    // a 1 s status tick that fired 36 ms late still belongs to the first second
    assertEquals(0, grid.indexOf(1_000_000, 1_001_036));
    assertEquals(1, grid.indexOf(1_001_036, 1_002_050));
  }

  @Test
  void should_clamp_to_the_grid_when_an_interval_lies_outside_the_run() {
    assertEquals(0, grid.indexOf(990_000, 995_000));
    assertEquals(3, grid.indexOf(1_010_000, 1_020_000));
  }
}
