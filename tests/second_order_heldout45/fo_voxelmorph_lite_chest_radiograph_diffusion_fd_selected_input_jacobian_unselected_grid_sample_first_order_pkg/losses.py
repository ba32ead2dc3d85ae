"""Image similarity terms."""
import torch.nn.functional as F


def local_ncc(warped, fixed, window=5):
    pad = window // 2
    mu_w = F.avg_pool2d(warped, window, 1, pad)
    mu_f = F.avg_pool2d(fixed, window, 1, pad)
    cov = F.avg_pool2d(warped * fixed, window, 1, pad) - mu_w * mu_f
    var_w = F.avg_pool2d(warped * warped, window, 1, pad) - mu_w ** 2
    var_f = F.avg_pool2d(fixed * fixed, window, 1, pad) - mu_f ** 2
    return -(cov ** 2 / (var_w * var_f + 1e-5)).mean()


SIMILARITIES = {
    "ncc": local_ncc,
    "mse": lambda warped, fixed, window=None: F.mse_loss(warped, fixed),
}
