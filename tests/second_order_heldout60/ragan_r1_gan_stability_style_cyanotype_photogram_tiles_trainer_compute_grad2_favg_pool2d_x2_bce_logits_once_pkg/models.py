import torch
from torch import nn
from torch.nn import functional as F
import torch.utils.data
import torch.utils.data.distributed


def actvn(x):
    out = F.leaky_relu(x, 2e-1)
    return out


class ResnetBlock(nn.Module):
    def __init__(self, fin, fout, fhidden=None, is_bias=True):
        super(ResnetBlock, self).__init__()
        self.is_bias = is_bias
        self.learned_shortcut = (fin != fout)
        self.fin = fin
        self.fout = fout
        if fhidden is None:
            self.fhidden = min(fin, fout)
        else:
            self.fhidden = fhidden
        self.conv_0 = nn.Conv2d(self.fin, self.fhidden, 3, stride=1, padding=1)
        self.conv_1 = nn.Conv2d(self.fhidden, self.fout, 3, stride=1, padding=1, bias=is_bias)
        if self.learned_shortcut:
            self.conv_s = nn.Conv2d(self.fin, self.fout, 1, stride=1, padding=0, bias=False)

    def forward(self, x):
        x_s = self._shortcut(x)
        dx = self.conv_0(actvn(x))
        dx = self.conv_1(actvn(dx))
        out = x_s + 0.1 * dx
        return out

    def _shortcut(self, x):
        if self.learned_shortcut:
            x_s = self.conv_s(x)
        else:
            x_s = x
        return x_s


class Generator(nn.Module):
    def __init__(self, z_dim, nlabels, size, embed_size=256, nfilter=64, nfilter_max=512, **kwargs):
        super(Generator, self).__init__()
        s0 = self.s0 = size // 4
        nf = self.nf = nfilter
        self.z_dim = z_dim
        self.fc = nn.Linear(z_dim, 4 * nf * s0 * s0)
        self.resnet_0_0 = ResnetBlock(4 * nf, 2 * nf)
        self.resnet_1_0 = ResnetBlock(2 * nf, nf)
        self.conv_img = nn.Conv2d(nf, 3, 3, padding=1)

    def forward(self, z, y=None):
        batch_size = z.size(0)
        out = self.fc(z)
        out = out.view(batch_size, 4 * self.nf, self.s0, self.s0)
        out = self.resnet_0_0(out)
        out = F.upsample(out, scale_factor=2)
        out = self.resnet_1_0(out)
        out = F.upsample(out, scale_factor=2)
        out = self.conv_img(actvn(out))
        out = F.tanh(out)
        return out


class Discriminator(nn.Module):
    def __init__(self, z_dim, nlabels, size, embed_size=256, nfilter=64, nfilter_max=512, **kwargs):
        super(Discriminator, self).__init__()
        s0 = self.s0 = size // 4
        nf = self.nf = nfilter
        self.conv_img = nn.Conv2d(3, 1 * nf, 3, padding=1)
        self.resnet_0_0 = ResnetBlock(1 * nf, 2 * nf)
        self.resnet_1_0 = ResnetBlock(2 * nf, 4 * nf)
        self.fc = nn.Linear(4 * nf * s0 * s0, nlabels)

    def forward(self, x, y=None):
        batch_size = x.size(0)
        out = self.conv_img(x)
        out = self.resnet_0_0(out)
        out = F.avg_pool2d(out, 3, stride=2, padding=1)
        out = self.resnet_1_0(out)
        out = F.avg_pool2d(out, 3, stride=2, padding=1)
        out = out.view(batch_size, 4 * self.nf * self.s0 * self.s0)
        out = self.fc(actvn(out))
        return out


generator_dict = {'resnet_small': Generator}
discriminator_dict = {'resnet_small': Discriminator}
