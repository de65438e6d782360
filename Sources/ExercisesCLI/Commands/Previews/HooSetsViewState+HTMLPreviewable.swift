import HooSets
import ScreenPreviews

extension HooSetsViewState: HTMLPreviewable {
    func previewScreens(_ context: PreviewContext) -> [PreviewScreen] {
        [HooSetsPreview.screen(self, images: context.images)]
    }
}
