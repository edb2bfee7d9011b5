<?php
/**
 * The PHP port of the indexer's html→text rules gives their texts (test/fixtures/htmlTextVectors.json).
 *
 * @package TroveSearch
 */

use PHPUnit\Framework\TestCase;

final class HtmlTextTest extends TestCase {

	private static function vectors( string $kind ): array {
		$file  = dirname( __DIR__, 3 ) . '/test/fixtures/htmlTextVectors.json';
		$cases = array();
		foreach ( json_decode( file_get_contents( $file ), true )[ $kind ] as $i => $vector ) {
			$cases[ $i . ': ' . substr( $vector['html'], 0, 40 ) ] = array( $vector['html'], $vector['text'] );
		}
		return $cases;
	}

	public static function articles(): array {
		return self::vectors( 'article' );
	}

	public static function inlines(): array {
		return self::vectors( 'inline' );
	}

	/**
	 * @dataProvider articles
	 */
	public function test_reads_an_article_as_articleText_does( string $html, string $text ): void {
		$this->assertSame( $text, Trove_Html_Text::article( $html ) );
	}

	/**
	 * @dataProvider inlines
	 */
	public function test_reads_a_one_line_field_as_inlineHtmlToText_does( string $html, ?string $text ): void {
		$this->assertSame( $text, Trove_Html_Text::inline( $html ) );
	}
}
