from .nets import FlexureNet, TIDAL_FREQS
from .physics import flexure_residual, boundary_residuals, tide

__all__ = ["FlexureNet", "TIDAL_FREQS", "flexure_residual", "boundary_residuals", "tide"]
