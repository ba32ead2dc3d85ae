import torch
import torch.nn as nn


class GANTrainer:
    def __init__(self, critic, generator, callbacks=(), zdim=16, lr=2e-4):
        self.critic, self.generator = critic, generator
        self.callbacks = list(callbacks)
        self.zdim = zdim
        self.criterion = nn.BCEWithLogitsLoss()
        self.opt_c = torch.optim.Adam(critic.parameters(), lr=lr, betas=(0.5, 0.9))
        self.opt_g = torch.optim.Adam(generator.parameters(), lr=lr, betas=(0.5, 0.9))
        self.logs = {}

    def critic_step(self, real):
        with torch.no_grad():
            fake = self.generator(torch.randn(real.size(0), self.zdim))
        real_logits, fake_logits = self.critic(real), self.critic(fake)
        loss = (self.criterion(real_logits, torch.ones_like(real_logits))
                + self.criterion(fake_logits, torch.zeros_like(fake_logits)))
        for cb in self.callbacks:
            loss = cb.on_critic_loss(self, loss, real)
        self.opt_c.zero_grad()
        loss.backward()
        self.opt_c.step()
        return loss.item()

    def generator_step(self, batch_size):
        logits = self.critic(self.generator(torch.randn(batch_size, self.zdim)))
        loss = self.criterion(logits, torch.ones_like(logits))
        self.opt_g.zero_grad()
        loss.backward()
        self.opt_g.step()
        return loss.item()

    def fit(self, batches):
        for step, real in enumerate(batches):
            self.logs = {"step": step}
            self.logs["critic"] = self.critic_step(real)
            self.logs["gen"] = self.generator_step(real.size(0))
            for cb in self.callbacks:
                cb.on_step_end(self, self.logs)
