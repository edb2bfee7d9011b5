<?php
/**
 * The plugin's wiring.
 *
 * @package TroveSearch
 */

/**
 * Creates the parts once and registers their hooks; activation creates the queue's table and
 * schedules its drain, deactivation unschedules it.
 */
final class Trove_Plugin {

	/** @var Trove_Plugin|null */
	private static ?Trove_Plugin $instance = null;

	/** @var Trove_Sync */
	public Trove_Sync $sync;

	/**
	 * The one instance.
	 *
	 * @return Trove_Plugin
	 */
	public static function instance(): Trove_Plugin {
		self::$instance ??= new self();
		return self::$instance;
	}

	/**
	 * Builds the parts.
	 */
	private function __construct() {
		$this->sync = new Trove_Sync( new Trove_Queue( new Trove_Queue_Table() ) );
	}

	/**
	 * Registers every hook.
	 */
	public function boot(): void {
		add_action( 'init', array( self::class, 'load_textdomain' ) );
		add_action( 'plugins_loaded', array( Trove_Queue_Table::class, 'ensure' ) );
		$this->sync->register();
		( new Trove_Frontend() )->register();
		( new Trove_Blocks() )->register();
		( new Trove_Admin( $this->sync ) )->register();
		if ( defined( 'WP_CLI' ) && WP_CLI ) {
			require_once __DIR__ . '/class-trove-cli.php';
			WP_CLI::add_command( 'trove', new Trove_CLI( $this->sync ) );
		}
		add_action( 'init', array( Trove_Sync::class, 'schedule' ) );
	}

	/**
	 * Loads translations.
	 */
	public static function load_textdomain(): void {
		load_plugin_textdomain( 'trove-search', false, dirname( plugin_basename( TROVE_SEARCH_FILE ) ) . '/languages' );
	}

	/**
	 * Activation: the queue's table, the drain's schedule.
	 */
	public static function activate(): void {
		Trove_Queue_Table::install();
		add_filter( 'cron_schedules', array( Trove_Sync::class, 'schedules' ) );
		Trove_Sync::schedule();
	}

	/**
	 * Deactivation: no more drains (the queue is kept for the next activation).
	 */
	public static function deactivate(): void {
		wp_clear_scheduled_hook( Trove_Sync::CRON );
	}
}
