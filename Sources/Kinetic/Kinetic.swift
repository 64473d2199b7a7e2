// The umbrella module: `import Kinetic` brings in the engine, the headless collection view
// and the gestures.
@_exported import Foundation  // CGPoint, CGRect and CGSize, as UIKit brings them
@_exported import KineticAnimation
@_exported import KineticDynamics
@_exported import KineticGestures
@_exported import KineticInteractions
@_exported import KineticLayout
