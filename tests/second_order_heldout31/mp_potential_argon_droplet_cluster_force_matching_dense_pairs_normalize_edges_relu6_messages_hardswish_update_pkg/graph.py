import torch
import torch.nn.functional as F

CUTOFF = 2.5


def pair_features(pos, n_rbf=8):
    """Dense all-pairs edge features of one cluster: unit vectors, radial basis and a smooth cutoff."""
    rij = pos[None, :, :] - pos[:, None, :]
    n = pos.shape[0]
    eye = torch.eye(n, dtype=torch.bool)
    rij = rij + eye[..., None] * 1.0  # keep the self-pairs away from zero
    dist = (rij.pow(2).sum(-1) + 1e-9).sqrt()
    unit = F.normalize(rij, dim=-1)
    centers = torch.linspace(0.5, CUTOFF, n_rbf)
    rbf = torch.exp(-4.0 * (dist[..., None] - centers) ** 2)
    cut = 0.5 * (torch.cos(torch.pi * dist / CUTOFF) + 1) * (dist < CUTOFF)
    mask = (~eye).float() * cut
    return unit, rbf, mask
