import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, generator, discriminator, zdim=8):
        self.G, self.D = generator, discriminator
        self.zdim = zdim
        self._callbacks = []
        self.opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4, betas=(0.0, 0.99))
        self.opt_d = torch.optim.Adam(discriminator.parameters(), lr=2e-4, betas=(0.0, 0.99))

    def add_callback(self, cb):
        self._callbacks.append(cb)
        return self

    def d_step(self, real):
        fake = self.G(torch.randn(real.size(0), self.zdim)).detach()
        loss = F.softplus(self.D(fake)).mean() + F.softplus(-self.D(real)).mean()
        for cb in self._callbacks:
            loss = cb.on_discriminator_loss(trainer=self, loss=loss, real=real)
        self.opt_d.zero_grad()
        loss.backward()
        self.opt_d.step()

    def g_step(self, n):
        loss = F.softplus(-self.D(self.G(torch.randn(n, self.zdim)))).mean()
        self.opt_g.zero_grad()
        loss.backward()
        self.opt_g.step()

    def fit(self, batches):
        for real in batches:
            self.d_step(real)
            self.g_step(real.size(0))
