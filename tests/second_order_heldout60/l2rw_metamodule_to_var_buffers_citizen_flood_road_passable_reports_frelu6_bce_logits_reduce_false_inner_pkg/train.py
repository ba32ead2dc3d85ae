import argparse

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from meta_layers import to_var
from models import build_model
from reweight import reweight_step

parser = argparse.ArgumentParser()
parser.add_argument('--n_features', type=int, default=12)
parser.add_argument('--n_hidden', type=int, default=16)
parser.add_argument('--batch_size', type=int, default=16)
parser.add_argument('--n_val', type=int, default=8)
parser.add_argument('--lr', type=float, default=1e-2)
parser.add_argument('--momentum', type=float, default=0.9)
parser.add_argument('--num_iterations', type=int, default=4)
parser.add_argument('--noise_rate', type=float, default=0.35, help='fraction of flipped citizen labels')
args = parser.parse_args()
hyper = vars(args)

np.random.seed(0)
torch.manual_seed(0)
W_TRUE = np.random.randn(args.n_features)


def reports(n, noisy):
    x = np.random.randn(n, args.n_features).astype(np.float32)
    y = (x.dot(W_TRUE) > 0).astype(np.float32)
    if noisy:
        flip = np.random.rand(n) < args.noise_rate
        y[flip] = 1 - y[flip]
    return torch.from_numpy(x), torch.from_numpy(y)


X_val, y_val = reports(args.n_val, noisy=False)  # verified by the city's road crews
X_val, y_val = to_var(X_val, requires_grad=False), to_var(y_val, requires_grad=False)

net = build_model(hyper)
opt = torch.optim.SGD(net.params(), lr=hyper['lr'], momentum=args.momentum)
val_criterion = nn.BCEWithLogitsLoss()

for it in range(args.num_iterations):
    net.train()
    X, y = reports(args.batch_size, noisy=True)
    X, y = to_var(X, requires_grad=False), to_var(y, requires_grad=False)

    w = reweight_step(net, hyper, X, y, X_val, y_val, val_criterion)

    y_f_hat = net(X)
    cost = F.binary_cross_entropy_with_logits(y_f_hat, y, reduce=False)
    l_f = torch.sum(cost * w)
    opt.zero_grad()
    l_f.backward()
    opt.step()

    with torch.no_grad():
        acc = ((F.sigmoid(net(X_val)) > 0.5).float() == y_val).float().mean()
    print('it %d  weighted loss %.4f  nonzero weights %d/%d  val acc %.3f' % (
        it, l_f.data.item(), int((w > 0).sum()), w.numel(), acc.item()))
