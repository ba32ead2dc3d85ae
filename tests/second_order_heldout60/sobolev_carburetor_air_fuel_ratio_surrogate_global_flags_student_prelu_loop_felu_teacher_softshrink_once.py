"""Sobolev training (Czarnecki et al. 2017): distil a carburetor air-fuel-ratio teacher into a small student that
matches the teacher's values *and* its input sensitivities d AFR / d (throttle, rpm, altitude, intake temp).
Written against the old PyTorch API (Variable, .data, backward(torch.ones(...)) for the teacher)."""
from __future__ import print_function

import argparse

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as nnf
from torch.autograd import Variable

USE_CUDA = torch.cuda.is_available()
SOBOLEV = True          # match derivatives as well as values
DERIV_WEIGHT = 0.5
N_IN = 4                # throttle, rpm, altitude, intake temperature (normalised)


def afr_reference(x):
    """Stand-in for the CFD-fitted jetting model the teacher was trained on."""
    thr, rpm, alt, temp = x[:, 0], x[:, 1], x[:, 2], x[:, 3]
    return 12.5 + 1.8 * torch.tanh(2 * thr - 1) - 0.6 * rpm ** 2 + 0.9 * alt + 0.3 * torch.sin(3 * temp)


class Teacher(nn.Module):
    def __init__(self):
        super(Teacher, self).__init__()
        self.main = nn.Sequential(
            nn.Linear(N_IN, 48), nn.Softshrink(0.05),
            nn.Linear(48, 48), nn.Tanh(),
            nn.Linear(48, 1))

    def forward(self, x):
        return self.main(x).sum(1)


class Student(nn.Module):
    def __init__(self, n_hidden=16, depth=2):
        super(Student, self).__init__()
        layers = []
        d_in = N_IN
        for i in range(depth):
            layers.append(nn.Linear(d_in, n_hidden))
            layers.append(nn.PReLU(n_hidden))
            d_in = n_hidden
        self.body = nn.Sequential(*layers)
        self.skip = nn.Linear(N_IN, n_hidden)
        self.head = nn.Linear(n_hidden, 1)

    def forward(self, x):
        h = self.body(x)
        h = h + nnf.elu(self.skip(x))
        return nnf.softplus(self.head(h)).squeeze(1) + 8.0


def fit_teacher(teacher, steps):
    opt = torch.optim.Adam(teacher.parameters(), lr=3e-3)
    for _ in range(steps):
        x = Variable(torch.rand(64, N_IN) * 2 - 1)
        loss = nnf.mse_loss(teacher(x), afr_reference(x))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.data.item()


def teacher_targets(teacher, x_np):
    """Values and input gradients of the teacher (first order: plain backward with a ones cotangent)."""
    x_t = Variable(torch.from_numpy(x_np), requires_grad=True)
    t_out = teacher(x_t)
    t_out.backward(torch.ones(t_out.size()))
    dt = x_t.grad.data.clone()
    x_t.grad.data.zero_()
    teacher.zero_grad()
    return t_out.detach_(), dt


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--teacher_steps', type=int, default=20)
    parser.add_argument('--iters', type=int, default=4)
    parser.add_argument('--batch', type=int, default=32)
    parser.add_argument('--lr', type=float, default=1e-3)
    args = parser.parse_args()
    np.random.seed(0)
    torch.manual_seed(0)

    teacher, student = Teacher(), Student()
    if USE_CUDA:
        teacher.cuda()
        student.cuda()
    print('teacher fit mse %.4f' % fit_teacher(teacher, args.teacher_steps))
    optimizer = torch.optim.Adam(student.parameters(), lr=args.lr)

    for it in range(args.iters):
        x_np = (np.random.rand(args.batch, N_IN) * 2 - 1).astype(np.float32)
        t_val, t_grad = teacher_targets(teacher, x_np)

        x = Variable(torch.from_numpy(x_np), requires_grad=True)
        s_val = student(x)
        loss_val = nnf.mse_loss(s_val, t_val)
        loss = loss_val
        if SOBOLEV:
            s_grad = torch.autograd.grad(outputs=s_val, inputs=x, grad_outputs=torch.ones(s_val.size()),
                                         create_graph=True, only_inputs=True)[0]
            loss_der = nnf.smooth_l1_loss(s_grad, t_grad)
            loss = loss + DERIV_WEIGHT * loss_der
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print('[%d] value %.4f  sobolev %.4f' % (it, loss_val.data.item(),
                                                (loss_der.data.item() if SOBOLEV else 0.0)))


if __name__ == '__main__':
    main()
