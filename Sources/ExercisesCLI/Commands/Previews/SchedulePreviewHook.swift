import Schedule
import ScreenPreviews

extension ScheduleViewState: HTMLPreviewable {
    func previewScreens(_ context: PreviewContext) -> [PreviewScreen] {
        [SchedulePreview.screen(self, images: context.images)]
    }
}
