/// The Figma file response that the command-line and report tests review, so each states
/// only what it looks for.
public enum FigmaTestFiles {
    /// A file key as Figma spells them: a file saved as `KEY.figma.json` has its findings linked to it.
    public static let key = "Kq3ZPwLrB7mVxTn2aYdE9s"

    /// A page with one iPhone 12 frame, "Sign in": a tappable layer `Close` of 30x30 (node 1:3,
    /// its object at line 13, column 15) and a 9 pt caption `Terms` (node `termsNode`, line 18,
    /// column 15).
    public static func signIn(termsNode: String = "1:4") -> String {
        """
        {
          "document": {
            "id": "0:0", "name": "Document", "type": "DOCUMENT",
            "children": [
              {
                "id": "0:1", "name": "Screens", "type": "CANVAS",
                "children": [
                  {
                    "id": "1:2", "name": "Sign in", "type": "FRAME", "clipsContent": true,
                    "absoluteBoundingBox": {"x": 0, "y": 0, "width": 390, "height": 844},
                    "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}],
                    "children": [
                      {
                        "id": "1:3", "name": "Close", "type": "FRAME",
                        "absoluteBoundingBox": {"x": 16, "y": 50, "width": 30, "height": 30},
                        "interactions": [{"trigger": {"type": "ON_CLICK"}, "actions": [{"type": "BACK"}]}]
                      },
                      {
                        "id": "\(termsNode)", "name": "Terms", "type": "TEXT", "characters": "Terms apply",
                        "absoluteBoundingBox": {"x": 16, "y": 800, "width": 200, "height": 12},
                        "style": {"fontSize": 9, "fontWeight": 400},
                        "fills": [{"type": "SOLID", "color": {"r": 0, "g": 0, "b": 0, "a": 1}}]
                      }
                    ]
                  }
                ]
              }
            ]
          },
          "name": "App", "version": "42"
        }

        """
    }
}
