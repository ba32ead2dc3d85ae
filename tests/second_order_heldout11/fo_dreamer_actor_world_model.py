# Dreamer-style actor learning: imagined rollouts through a learned (frozen) recurrent world model,
# the actor is trained by backpropagating the imagined return. One backward pass, first order.
import torch
import torch.nn as nn
import torch.nn.functional as F


class WorldModel(nn.Module):
    def __init__(self, obs=6, act=2, deter=32, stoch=8):
        super().__init__()
        self.cell = nn.GRUCell(stoch + act, deter)
        self.prior = nn.Linear(deter, stoch)
        self.reward = nn.Sequential(nn.Linear(deter + stoch, 32), nn.LayerNorm(32), nn.ELU(), nn.Linear(32, 1))
        self.encoder = nn.LSTM(obs, deter, batch_first=True)

    def img_step(self, h, s, a):
        h = self.cell(torch.cat([s, a], -1), h)
        s = torch.tanh(self.prior(h))
        return h, s

    def predict_reward(self, h, s):
        return self.reward(torch.cat([h, s], -1)).squeeze(-1)


class Actor(nn.Module):
    def __init__(self, deter=32, stoch=8, act=2):
        super().__init__()
        self.fc1 = nn.Linear(deter + stoch, 64)
        self.fc2 = nn.Linear(64, act)

    def forward(self, h, s):
        return torch.tanh(self.fc2(F.elu(self.fc1(torch.cat([h, s], -1)))))


def imagine_return(wm, actor, h, s, horizon=5, gamma=0.99):
    ret = 0.0
    for t in range(horizon):
        a = actor(h, s)
        h, s = wm.img_step(h, s, a)
        ret = ret + gamma ** t * wm.predict_reward(h, s)
    return ret


def main(iters=2, bs=8):
    wm, actor = WorldModel(), Actor()
    wm.requires_grad_(False)
    opt = torch.optim.Adam(actor.parameters(), lr=8e-5)
    for it in range(iters):
        obs_seq = torch.randn(bs, 10, 6)
        _, (h0, _) = wm.encoder(obs_seq)
        h = h0[-1]
        s = torch.zeros(bs, 8)
        ret = imagine_return(wm, actor, h, s)
        target = ret.detach() + 0.1
        loss = -ret.mean() + 0.01 * F.smooth_l1_loss(ret, target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, loss.item())


if __name__ == "__main__":
    main()
