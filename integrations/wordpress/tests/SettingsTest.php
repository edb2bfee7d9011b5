<?php
/**
 * The settings: the form's values cleaned, the write token kept unless replaced or removed, the
 * checkboxes on by default.
 *
 * @package TroveSearch
 */

use PHPUnit\Framework\TestCase;

final class SettingsTest extends TestCase {

	protected function setUp(): void {
		$GLOBALS['trove_test_options']         = array();
		$GLOBALS['trove_test_settings_errors'] = array();
	}

	private static function store( array $values ): void {
		$GLOBALS['trove_test_options'][ Trove_Settings::OPTION ] = $values;
	}

	public function test_turns_every_place_on_by_default(): void {
		foreach ( array_keys( Trove_Settings::SWITCHES ) as $key ) {
			$this->assertTrue( Trove_Settings::enabled( $key ), $key );
		}
		$this->assertFalse( Trove_Settings::is_configured() );
	}

	public function test_keeps_the_write_token_when_the_form_leaves_its_field_empty(): void {
		self::store( array( 'write_token' => 'secret' ) );
		$clean = Trove_Settings::sanitize( array( 'write_token' => '', 'project' => ' blog ', 'switches_present' => '1' ) );
		$this->assertSame( 'secret', $clean['write_token'] );
		$this->assertSame( 'blog', $clean['project'] );
	}

	public function test_replaces_or_removes_the_write_token_only_when_asked(): void {
		self::store( array( 'write_token' => 'secret' ) );
		$this->assertSame( 'new-secret', Trove_Settings::sanitize( array( 'write_token' => 'new-secret' ) )['write_token'] );
		$this->assertSame( '', Trove_Settings::sanitize( array( 'write_token' => '', 'write_token_clear' => '1' ) )['write_token'] );
	}

	public function test_reads_unchecked_boxes_of_the_form_as_off_and_keeps_them_when_sanitized_again(): void {
		$clean = Trove_Settings::sanitize( array( 'switches_present' => '1', 'related_posts' => '1' ) );
		$this->assertSame( array( false, false, true ), array( $clean['replace_search'], $clean['header_box'], $clean['related_posts'] ) );
		// WordPress runs the callback a second time on the option's first save, with the clean value.
		$again = Trove_Settings::sanitize( $clean );
		$this->assertSame( array( false, false, true ), array( $again['replace_search'], $again['header_box'], $again['related_posts'] ) );
		$this->assertArrayNotHasKey( 'switches_present', $again );
	}

	public function test_refuses_an_address_that_is_not_http_and_keeps_the_previous_one(): void {
		self::store( array( 'base_url' => 'https://search.example' ) );
		$clean = Trove_Settings::sanitize( array( 'base_url' => 'javascript:alert(1)' ) );
		$this->assertSame( 'https://search.example', $clean['base_url'] );
		$this->assertSame( array( 'base_url' ), $GLOBALS['trove_test_settings_errors'] );
		$this->assertSame( 'https://search.example', Trove_Settings::sanitize( array( 'base_url' => 'https://search.example/' ) )['base_url'] );
	}

	public function test_publishes_the_public_settings_only(): void {
		self::store( array( 'base_url' => 'https://search.example/', 'project' => 'p', 'collection' => 'c', 'token' => 'read', 'write_token' => 'secret' ) );
		$public = Trove_Settings::public_settings();
		$this->assertSame( array( 'base_url' => 'https://search.example', 'project' => 'p', 'collection' => 'c', 'token' => 'read' ), $public );
		$this->assertNotContains( 'secret', $public );
		$this->assertTrue( Trove_Settings::is_configured() );
	}
}
