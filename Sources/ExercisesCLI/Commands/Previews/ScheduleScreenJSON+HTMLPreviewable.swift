import Schedule
import ScreenPreviews

extension ScheduleScreenJSON: HTMLPreviewable {
    /// Logos fetched by `--logos` (this run or an earlier one) are in the `logos` disk cache,
    /// which ``PreviewContext`` reads; the others show their tricode.
    func previewScreens(_ context: PreviewContext) -> [PreviewScreen] {
        [SchedulePreview.screen(screen, images: context.images, notice: notice, announcement: announcement)]
    }
}
