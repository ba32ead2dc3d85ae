import torch
import torch.nn.functional as F


def angular_error(pred, gaze):
    """Mean angle (radians) between predicted and true 3-D gaze directions."""
    p = F.normalize(pred, dim=-1)
    cos = (p * gaze).sum(-1).clamp(-0.999999, 0.999999)
    return torch.acos(cos).mean()
