/// The SQLSTATE codes the schema's functions raise (`RAISE EXCEPTION … USING ERRCODE`), named
/// once for the migration that raises them and the store that recognises them.
///
/// Class `TV` is ours: PostgreSQL reserves the classes that begin with 0-4 and A-H for its
/// own codes, so a code here never collides with one the server raises.
enum ClusterSQLState {
    /// `trivia_commit`: the caller's lease epoch is not current (another node took the lease,
    /// or it expired). The commit is refused: the caller is fenced off and must step down.
    static let fenced = "TV001"
    /// `trivia_commit`: the log position does not follow the last entry (another writer
    /// appended first).
    static let positionTaken = "TV002"
}
