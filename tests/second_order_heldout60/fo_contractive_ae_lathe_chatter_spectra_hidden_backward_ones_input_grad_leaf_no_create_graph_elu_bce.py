"""Contractive autoencoder (Rifai et al. 2011) for lathe chatter detection: spindle-vibration spectra are
encoded, and frames whose reconstruction error is high are flagged as chatter onset.

Written the way an old public CAE port did it: the Jacobian term comes from hidden.backward(ones) and
reading x.grad, with the 'contractive' loss built on that gradient afterwards."""
from __future__ import print_function

import argparse

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable

parser = argparse.ArgumentParser(description='CAE lathe chatter')
parser.add_argument('--n_bins', type=int, default=64, help='FFT bins per frame')
parser.add_argument('--n_hidden', type=int, default=12)
parser.add_argument('--batch_size', type=int, default=16)
parser.add_argument('--epochs', type=int, default=2)
parser.add_argument('--batches', type=int, default=3)
parser.add_argument('--lam', type=float, default=1e-4, help='contractive weight')
parser.add_argument('--lr', type=float, default=1e-3)
args = parser.parse_args()


class CAE(nn.Module):
    def __init__(self, n_in, n_hidden):
        super(CAE, self).__init__()
        self.fc1 = nn.Linear(n_in, 48)
        self.fc2 = nn.Linear(48, n_hidden)
        self.fc3 = nn.Linear(n_hidden, 48)
        self.fc4 = nn.Linear(48, n_in)
        self.shrink = nn.Softshrink(0.01)

    def encoder(self, x):
        h1 = F.elu(self.fc1(x))
        return F.sigmoid(self.fc2(h1))

    def decoder(self, z):
        h3 = self.shrink(F.elu(self.fc3(z)))
        return F.sigmoid(self.fc4(h3))

    def forward(self, x):
        h = self.encoder(x)
        return h, self.decoder(h)


def spindle_spectra(n, n_bins, chatter_frac=0.0):
    """Normalised magnitude spectra: tooth-passing harmonics, plus a chatter peak near a structural mode."""
    f = np.linspace(0, 1, n_bins)
    x = np.zeros((n, n_bins), np.float32)
    for i in range(n):
        tpf = np.random.uniform(0.1, 0.15)
        for h in range(1, 5):
            x[i] += np.exp(-((f - h * tpf) ** 2) / 2e-4) / h
        if np.random.rand() < chatter_frac:
            x[i] += 1.5 * np.exp(-((f - np.random.uniform(0.6, 0.7)) ** 2) / 5e-4)
    x += 0.02 * np.random.rand(n, n_bins)
    return torch.from_numpy(x / x.max(axis=1, keepdims=True))


model = CAE(args.n_bins, args.n_hidden)
optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)


def loss_function(recons, imgs, imgs_grad):
    bce = F.binary_cross_entropy(recons, imgs, size_average=False)
    contractive = torch.sqrt(torch.sum(torch.pow(imgs_grad, 2)))
    return bce + args.lam * contractive, contractive


def train(epoch):
    model.train()
    train_loss = 0
    for batch_idx in range(args.batches):
        imgs = Variable(spindle_spectra(args.batch_size, args.n_bins), requires_grad=True)
        hidden, recons = model(imgs)
        # dh/dx summed over hidden units, via a backward with a ones cotangent
        hidden.backward(torch.ones(hidden.size()), retain_graph=True)
        imgs.grad.requires_grad = True
        loss, contractive = loss_function(recons, imgs, imgs.grad)
        imgs.grad.data.zero_()
        optimizer.zero_grad()
        loss.backward()
        train_loss += loss.data.item()
        optimizer.step()
        print('Train Epoch: {} [{}]\tLoss: {:.4f}\tcontractive: {:.4f}'.format(
            epoch, batch_idx, loss.data.item() / args.batch_size, contractive.data.item()))
    return train_loss


def score_frames():
    model.eval()
    with torch.no_grad():
        frames = spindle_spectra(32, args.n_bins, chatter_frac=0.3)
        _, rec = model(frames)
        err = F.binary_cross_entropy(rec, frames, reduction='none').mean(1)
    thr = err.mean() + 2 * err.std()
    return int((err > thr).sum())


if __name__ == '__main__':
    torch.manual_seed(0)
    np.random.seed(0)
    for epoch in range(1, args.epochs + 1):
        train(epoch)
    print('frames flagged as chatter onset:', score_frames())
