"""DRAGAN (Kodali et al.) for a SMILES generator: the critic reads soft one-hot strings with an LSTM,
and the gradient penalty is taken around perturbed real samples."""
import torch
import torch.nn as nn

VOCAB, MAXLEN = 24, 20


class SmilesCritic(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.inp = nn.Linear(VOCAB, hidden)
        self.lstm = nn.LSTM(hidden, hidden, num_layers=1, batch_first=True)
        self.score = nn.Linear(hidden, 1)

    def forward(self, onehot):
        seq, (h_n, c_n) = self.lstm(torch.tanh(self.inp(onehot)))
        return self.score(h_n[-1])


class SmilesGenerator(nn.Module):
    def __init__(self, z=32, hidden=64):
        super().__init__()
        self.fc = nn.Linear(z, MAXLEN * hidden)
        self.hidden = hidden
        self.to_vocab = nn.Linear(hidden, VOCAB)

    def forward(self, z, tau=0.7):
        h = self.fc(z).view(-1, MAXLEN, self.hidden)
        return torch.softmax(self.to_vocab(torch.relu(h)) / tau, dim=-1)


def dragan_penalty(critic, real, k=1.0, c=0.5):
    noise = c * real.std() * torch.rand_like(real)
    alpha = torch.rand(real.size(0), 1, 1)
    x_hat = (real + alpha * noise).detach().requires_grad_()
    grads = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True, retain_graph=True)[0]
    return ((grads.view(grads.size(0), -1).norm(2, dim=1) - k) ** 2).mean()


def train(n_iter=2, bs=8):
    gen, crit = SmilesGenerator(), SmilesCritic()
    bce = nn.BCEWithLogitsLoss()
    g_opt = torch.optim.Adam(gen.parameters(), lr=2e-4, betas=(0.5, 0.9))
    d_opt = torch.optim.Adam(crit.parameters(), lr=2e-4, betas=(0.5, 0.9))
    for it in range(n_iter):
        real = nn.functional.one_hot(torch.randint(0, VOCAB, (bs, MAXLEN)), VOCAB).float()
        fake = gen(torch.randn(bs, 32))
        d_real, d_fake = crit(real), crit(fake.detach())
        d_loss = bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake))
        d_loss = d_loss + 10.0 * dragan_penalty(crit, real)
        d_opt.zero_grad(); d_loss.backward(); d_opt.step()
        out = crit(gen(torch.randn(bs, 32)))
        g_loss = bce(out, torch.ones_like(out))
        g_opt.zero_grad(); g_loss.backward(); g_opt.step()
        print(it, d_loss.item(), g_loss.item())


if __name__ == "__main__":
    train()
