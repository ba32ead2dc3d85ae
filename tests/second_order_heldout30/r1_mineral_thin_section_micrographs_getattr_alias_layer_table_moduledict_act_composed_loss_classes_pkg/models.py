"""Generator and discriminator for 16x16 cross-polarised thin-section patches."""
import torch
import torch.nn as nn

PADS = {
    "reflect": nn.ReflectionPad2d,
    "zero": nn.ZeroPad2d,
}


class LayerTable(nn.Module):
    """Named layers with aliases: `table.down` resolves to e.g. `table.down_avg`."""

    def __init__(self, aliases, **layers):
        super().__init__()
        for name, layer in layers.items():
            self.add_module(name, layer)
        self._aliases = dict(aliases)

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            aliases = self.__dict__.get("_aliases", {})
            if name in aliases:
                return super().__getattr__(aliases[name])
            raise


class Discriminator(nn.Module):
    def __init__(self, cfg, size=16):
        super().__init__()
        w = cfg["width"]
        self.acts = nn.ModuleDict({"lrelu": nn.LeakyReLU(0.2), "prelu": nn.PReLU(), "selu": nn.SELU()})
        self.act_name = cfg["act"]
        self.table = LayerTable(
            {"down": f"down_{cfg['down']}"},
            pad=PADS[cfg["pad"]](1),
            conv1=nn.Conv2d(3, w, 3),
            conv2=nn.Conv2d(w, 2 * w, 3, padding=1),
            down_avg=nn.AvgPool2d(2),
            down_max=nn.MaxPool2d(2),
            fc=nn.Linear(2 * w * (size // 4) ** 2, 1),
        )

    def forward(self, x):
        t, act = self.table, self.acts[self.act_name]
        h = act(t.conv1(t.pad(x)))
        h = t.down(h)
        h = act(t.conv2(h))
        h = t.down(h)
        return t.fc(h.flatten(1))


class Generator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        w, self.w = cfg["width"], cfg["width"]
        self.fc = nn.Linear(cfg["latent"], w * 4 * 4)
        self.net = nn.Sequential(
            nn.ConvTranspose2d(w, w, 4, stride=2, padding=1), nn.Hardswish(),
            nn.ConvTranspose2d(w, 3, 4, stride=2, padding=1), nn.Tanh())

    def forward(self, z):
        return self.net(self.fc(z).view(-1, self.w, 4, 4))
