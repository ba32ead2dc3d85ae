import torch
import torch.nn.functional as F


def make_edge_pad_pre_hook(pad):
    def pre_hook(module, args):
        (x,) = args
        return (F.pad(x, (pad, pad), mode="replicate"),)
    return pre_hook


def make_shrink_hook(lambd):
    def hook(module, inputs, output):
        return F.softshrink(output, lambd)
    return hook


class FeatureCapture:
    """Keeps the (graph-connected) output of a block for an auxiliary loss."""

    def __init__(self):
        self.features = None

    def __call__(self, module, inputs, output):
        self.features = output


class ActivationStats:
    def __init__(self):
        self.history = []

    def __call__(self, module, inputs, output):
        with torch.no_grad():
            self.history.append(F.adaptive_avg_pool1d(output.detach().abs(), 1).mean().item())


def make_range_clip_hook(upper):
    scale = upper / 6.0

    def hook(module, inputs, output):
        return scale * F.relu6(output / scale)
    return hook


def install_training_hooks(model, hcfg):
    capture, stats = FeatureCapture(), ActivationStats()
    handles = [
        model.stem.register_forward_pre_hook(make_edge_pad_pre_hook(hcfg.edge_pad)),
        model.blocks[0].register_forward_hook(make_shrink_hook(hcfg.shrink_lambda)),
        model.blocks[hcfg.capture_block].register_forward_hook(capture),
        model.stem.register_forward_hook(stats),
    ]
    return capture, stats, handles
