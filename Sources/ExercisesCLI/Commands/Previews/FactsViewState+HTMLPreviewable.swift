import Facts
import ScreenPreviews

extension FactsViewState: HTMLPreviewable {
    func previewScreens(_ context: PreviewContext) -> [PreviewScreen] {
        [FactsPreview.screen(self, images: context.images)]
    }
}
