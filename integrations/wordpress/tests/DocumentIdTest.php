<?php
/**
 * The PHP port of the document-id rule gives the TypeScript rule's ids (test/fixtures/documentIdVectors.json).
 *
 * @package TroveSearch
 */

use PHPUnit\Framework\TestCase;

final class DocumentIdTest extends TestCase {

	public static function vectors(): array {
		$file    = dirname( __DIR__, 3 ) . '/test/fixtures/documentIdVectors.json';
		$vectors = json_decode( file_get_contents( $file ), true, 512, JSON_BIGINT_AS_STRING );
		$cases   = array();
		foreach ( $vectors as $vector ) {
			$cases[ json_encode( $vector['key'], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ) ] = array( $vector['key'], $vector['canonical'], $vector['id'] );
		}
		return $cases;
	}

	/**
	 * @dataProvider vectors
	 */
	public function test_gives_a_key_the_id_and_canonical_address_of_the_typescript_rule( string $key, ?string $canonical, ?int $id ): void {
		$this->assertSame( $canonical, Trove_Document_Id::canonical_url( $key ) );
		$this->assertSame( $id, Trove_Document_Id::of( $key ) );
	}

	public function test_takes_a_whole_number_as_it_is_and_refuses_a_negative_one(): void {
		$this->assertSame( 12, Trove_Document_Id::of( 12 ) );
		$this->assertNull( Trove_Document_Id::of( -1 ) );
		$this->assertNull( Trove_Document_Id::of( null ) );
	}

	public function test_hashes_within_52_bits(): void {
		foreach ( array( 'a', str_repeat( 'long key ', 200 ), '😀😀😀' ) as $text ) {
			$hash = Trove_Document_Id::hash52( $text );
			$this->assertGreaterThanOrEqual( 0, $hash );
			$this->assertLessThan( 2 ** 52, $hash );
		}
	}
}
