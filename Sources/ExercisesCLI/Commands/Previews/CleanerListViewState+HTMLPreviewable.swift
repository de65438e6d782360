import CarFit
import ScreenPreviews

extension CleanerListViewState: HTMLPreviewable {
    func previewScreens(_ context: PreviewContext) -> [PreviewScreen] {
        [CarFitPreview.screen(self, theme: .resolved(for: context.contrast))]
    }
}
