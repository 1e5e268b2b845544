import MarbleKit

/// The delete question's answer.
extension App {
    func confirmDelete() {
        guard let q = nav.question else { return }
        nav.dismissQuestion()
        if drawings.drawing?.id == q.id { closeDrawing() }
        do throws(StoreError) {
            try drawings.store.delete(q.id)
            say(tr("Deleted “{title}”.", ["title": q.title]), for: 4)
        } catch {
            report(error, tr("Could not delete"), context: "delete \(q.id)")
        }
        if nav.screen == .gallery {
            nav.showGallery(listDrawings(), keepingScroll: true)
        } else {
            show(.home)
        }
    }
}
