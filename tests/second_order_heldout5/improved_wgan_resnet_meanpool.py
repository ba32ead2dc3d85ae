"""Port of the improved-WGAN (Gulrajani et al.) ResNet critic: ConvMeanPool / MeanPoolConv written with
strided slices as in the TF original, LayerNorm in the critic, and the gradient penalty on interpolates."""
import torch
from torch import autograd, nn

DIM = 16
LAMBDA = 10
CRITIC_ITERS = 5


class MeanPoolConv(nn.Module):
    def __init__(self, n_in, n_out, k):
        super().__init__()
        self.conv = nn.Conv2d(n_in, n_out, k, padding=k // 2)

    def forward(self, x):
        out = (x[:, :, ::2, ::2] + x[:, :, 1::2, ::2] + x[:, :, ::2, 1::2] + x[:, :, 1::2, 1::2]) / 4.0
        return self.conv(out)


class ConvMeanPool(nn.Module):
    def __init__(self, n_in, n_out, k):
        super().__init__()
        self.conv = nn.Conv2d(n_in, n_out, k, padding=k // 2)

    def forward(self, x):
        out = self.conv(x)
        return (out[:, :, ::2, ::2] + out[:, :, 1::2, ::2] + out[:, :, ::2, 1::2] + out[:, :, 1::2, 1::2]) / 4.0


class UpsampleConv(nn.Module):
    def __init__(self, n_in, n_out, k):
        super().__init__()
        self.shuffle = nn.PixelShuffle(2)
        self.conv = nn.Conv2d(n_in, n_out, k, padding=k // 2)

    def forward(self, x):
        return self.conv(self.shuffle(torch.cat([x, x, x, x], dim=1)))


class ResidualBlock(nn.Module):
    def __init__(self, n_in, n_out, resample, hw):
        super().__init__()
        if resample == "down":
            self.shortcut = MeanPoolConv(n_in, n_out, 1)
            self.conv1 = nn.Conv2d(n_in, n_in, 3, padding=1)
            self.conv2 = ConvMeanPool(n_in, n_out, 3)
            self.norm1 = nn.LayerNorm([n_in, hw, hw])
            self.norm2 = nn.LayerNorm([n_in, hw, hw])
        else:
            self.shortcut = UpsampleConv(n_in, n_out, 1)
            self.conv1 = UpsampleConv(n_in, n_out, 3)
            self.conv2 = nn.Conv2d(n_out, n_out, 3, padding=1)
            self.norm1 = nn.BatchNorm2d(n_in)
            self.norm2 = nn.BatchNorm2d(n_out)
        self.relu = nn.ReLU()

    def forward(self, x):
        out = self.conv1(self.relu(self.norm1(x)))
        out = self.conv2(self.relu(self.norm2(out)))
        return self.shortcut(x) + out


class GoodGenerator(nn.Module):
    def __init__(self, dim=DIM, z_dim=128):
        super().__init__()
        self.dim = dim
        self.ln1 = nn.Linear(z_dim, 4 * 4 * 8 * dim)
        self.rb1 = ResidualBlock(8 * dim, 4 * dim, "up", 4)
        self.rb2 = ResidualBlock(4 * dim, 2 * dim, "up", 8)
        self.bn = nn.BatchNorm2d(2 * dim)
        self.conv = nn.Conv2d(2 * dim, 3, 3, padding=1)

    def forward(self, z):
        out = self.ln1(z).view(-1, 8 * self.dim, 4, 4)
        out = self.rb2(self.rb1(out))
        return torch.tanh(self.conv(torch.relu(self.bn(out))))


class GoodDiscriminator(nn.Module):
    def __init__(self, dim=DIM, res=16):
        super().__init__()
        self.dim = dim
        self.conv1 = nn.Conv2d(3, dim, 3, padding=1)
        self.rb1 = ResidualBlock(dim, 2 * dim, "down", res)
        self.rb2 = ResidualBlock(2 * dim, 4 * dim, "down", res // 2)
        self.ln1 = nn.Linear((res // 4) ** 2 * 4 * dim, 1)

    def forward(self, x):
        out = self.rb2(self.rb1(self.conv1(x)))
        return self.ln1(out.view(out.size(0), -1)).view(-1)


def calc_gradient_penalty(netD, real_data, fake_data):
    alpha = torch.rand(real_data.size(0), 1)
    alpha = alpha.expand(real_data.size(0), real_data.nelement() // real_data.size(0)).contiguous()
    alpha = alpha.view(real_data.size())
    interpolates = alpha * real_data + (1 - alpha) * fake_data
    interpolates = autograd.Variable(interpolates, requires_grad=True)
    disc_interpolates = netD(interpolates)
    gradients = autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                              grad_outputs=torch.ones(disc_interpolates.size()),
                              create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradients = gradients.view(gradients.size(0), -1)
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean() * LAMBDA


def train(data_iter, iters=200000, batch_size=64):
    netG, netD = GoodGenerator(), GoodDiscriminator()
    optimizerD = torch.optim.Adam(netD.parameters(), lr=1e-4, betas=(0.0, 0.9))
    optimizerG = torch.optim.Adam(netG.parameters(), lr=1e-4, betas=(0.0, 0.9))
    one = torch.tensor(1.0)
    mone = one * -1
    for iteration in range(iters):
        for p in netD.parameters():
            p.requires_grad = True
        for _ in range(CRITIC_ITERS):
            real_data = next(data_iter)
            netD.zero_grad()
            D_real = netD(real_data).mean()
            D_real.backward(mone)
            noise = torch.randn(real_data.size(0), 128)
            with torch.no_grad():
                fake = netG(noise)
            D_fake = netD(fake).mean()
            D_fake.backward(one)
            gradient_penalty = calc_gradient_penalty(netD, real_data, fake)
            gradient_penalty.backward()
            optimizerD.step()
        for p in netD.parameters():
            p.requires_grad = False
        netG.zero_grad()
        G = netD(netG(torch.randn(batch_size, 128))).mean()
        G.backward(mone)
        optimizerG.step()
