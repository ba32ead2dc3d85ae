"""Conv building blocks shared by the lettering critic and the stroke generator."""
from functools import partial

import torch.nn as nn


def conv_norm_act(c_in, c_out, *, groups=4, slope=0.2, pad="reflect"):
    """Explicitly padded 3x3 conv -> GroupNorm -> LeakyReLU.

    Gold-leaf letters sit right at the crop border, so the critic pads by
    reflection instead of zeros (zeros draw a fake dark frame around the glyph).
    """
    pad_layer = nn.ReflectionPad2d(1) if pad == "reflect" else nn.ZeroPad2d(1)
    return nn.Sequential(
        pad_layer,
        nn.Conv2d(c_in, c_out, kernel_size=3, padding=0),
        nn.GroupNorm(groups, c_out),
        nn.LeakyReLU(slope),
    )


# the critic never uses batch statistics (WGAN-GP penalises per-sample gradients)
critic_block = partial(conv_norm_act, slope=0.2, pad="reflect")


def upsample_block(c_in, c_out):
    """Nearest upsampling block of the generator (BatchNorm is fine on this side)."""
    return nn.Sequential(
        nn.Upsample(scale_factor=2, mode="nearest"),
        nn.Conv2d(c_in, c_out, kernel_size=3, padding=1),
        nn.BatchNorm2d(c_out),
        nn.Hardswish(),
    )
