import CarFit
import ScreenPreviews

extension CleanerListState: HTMLPreviewable {
    func previewScreens(_ context: PreviewContext) -> [PreviewScreen] {
        [CarFitPreview.screen(self)]
    }
}
