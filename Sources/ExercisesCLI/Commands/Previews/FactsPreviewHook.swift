import Facts
import ScreenPreviews

extension FactsScreen: HTMLPreviewable {
    func previewScreens(_ context: PreviewContext) -> [PreviewScreen] {
        [FactsPreview.screen(self, images: context.images)]
    }
}
