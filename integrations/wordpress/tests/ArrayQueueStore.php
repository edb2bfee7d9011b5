<?php
/**
 * The queue's store in memory, for the tests (WordPress keeps it in a table: Trove_Queue_Table).
 *
 * @package TroveSearch
 */

final class ArrayQueueStore implements Trove_Queue_Store {

	public array $rows = array();

	private int $clock = 0;

	public function put( array $row ): void {
		$row['updated']                        = ++$this->clock;
		$this->rows[ (int) $row['post_id'] ] = $row;
	}

	public function get( int $post_id ): ?array {
		return $this->rows[ $post_id ] ?? null;
	}

	public function due( int $now, int $limit ): array {
		$due = array_filter( $this->rows, static fn( $row ) => $row['next_try'] <= $now );
		usort( $due, static fn( $a, $b ) => $a['next_try'] <=> $b['next_try'] );
		return array_slice( $due, 0, $limit );
	}

	public function remove( int $post_id ): void {
		unset( $this->rows[ $post_id ] );
	}

	public function count(): int {
		return count( $this->rows );
	}

	public function last_error(): ?string {
		$rows = $this->rows;
		usort( $rows, static fn( $a, $b ) => $b['updated'] <=> $a['updated'] );
		foreach ( $rows as $row ) {
			if ( '' !== (string) $row['last_error'] ) {
				return $row['last_error'];
			}
		}
		return null;
	}
}
