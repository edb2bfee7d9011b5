<?php
/**
 * A post's document: the fields `trove index <address>` gives it from the REST API.
 *
 * @package TroveSearch
 */

use PHPUnit\Framework\TestCase;

final class DocumentTest extends TestCase {

	private static function post( array $fields = array() ): array {
		return array_merge(
			array(
				'permalink'    => 'http://127.0.0.1:8089/2024/10/23/headwind-climb-notes-on-cycling-146/',
				'title_html'   => 'Headwind &amp; climb: notes on cycling #146',
				'content_html' => "<p>This time the <em>headwind</em> mattered.</p>\n\n<h2>What I would change</h2><ul><li>More gravel</li></ul>",
				'image'        => 'http://127.0.0.1:8089/wp-content/uploads/2024/10/cycling-146.jpg',
				'categories'   => array( 'Cycling', 'Food &amp; Drink' ),
				'tags'         => array( 'gravel', 'gravel', ' maintenance ' ),
				'authors'      => array( 'Mara Lind' ),
				'date_gmt'     => '2024-10-23 00:18:07',
			),
			$fields
		);
	}

	public function test_gives_the_fields_of_the_indexer_with_the_id_of_the_permalink(): void {
		$document = Trove_Document::build( self::post() );
		$this->assertSame(
			array(
				'id'       => Trove_Document_Id::of( 'http://127.0.0.1:8089/2024/10/23/headwind-climb-notes-on-cycling-146/' ),
				'title'    => 'Headwind & climb: notes on cycling #146',
				'content'  => "This time the headwind mattered.\n\nWhat I would change\n\n * More gravel",
				'url'      => 'http://127.0.0.1:8089/2024/10/23/headwind-climb-notes-on-cycling-146/',
				'image'    => 'http://127.0.0.1:8089/wp-content/uploads/2024/10/cycling-146.jpg',
				'tags'     => array( 'gravel', 'maintenance' ),
				'category' => array( 'Cycling', 'Food & Drink' ),
				'author'   => array( 'Mara Lind' ),
				'date'     => '2024-10-23T00:18:07.000Z',
			),
			$document
		);
	}

	public function test_writes_the_date_as_readDate_does_and_leaves_out_an_unset_one(): void {
		$this->assertSame( '2024-02-29T23:59:59.000Z', Trove_Document::date( '2024-02-29 23:59:59' ) );
		$this->assertNull( Trove_Document::date( '0000-00-00 00:00:00' ) );
		$this->assertNull( Trove_Document::date( '2023-02-29 10:00:00' ) );
		$this->assertArrayNotHasKey( 'date', Trove_Document::build( self::post( array( 'date_gmt' => '0000-00-00 00:00:00' ) ) ) );
	}

	public function test_indexes_nothing_without_an_http_address_or_without_title_and_content(): void {
		$this->assertNull( Trove_Document::build( self::post( array( 'permalink' => 'javascript:alert(1)' ) ) ) );
		$this->assertNull( Trove_Document::build( self::post( array( 'title_html' => '', 'content_html' => '' ) ) ) );
	}

	public function test_leaves_out_an_image_that_is_not_an_http_address_and_empty_lists(): void {
		$document = Trove_Document::build( self::post( array( 'image' => 'data:image/png;base64,xx', 'tags' => array(), 'authors' => array( '' ) ) ) );
		$this->assertArrayNotHasKey( 'image', $document );
		$this->assertArrayNotHasKey( 'tags', $document );
		$this->assertArrayNotHasKey( 'author', $document );
	}

	public function test_escapes_a_raw_non_ascii_permalink_as_the_address_bar_does_and_ids_it_as_the_encoded_one(): void {
		$raw     = Trove_Document::build( self::post( array( 'permalink' => 'https://blog.example/café/' ) ) );
		$encoded = Trove_Document::build( self::post( array( 'permalink' => 'https://blog.example/caf%C3%A9/' ) ) );
		$this->assertSame( 'https://blog.example/caf%C3%A9/', $raw['url'] );
		$this->assertSame( $encoded['id'], $raw['id'] );
	}
}
