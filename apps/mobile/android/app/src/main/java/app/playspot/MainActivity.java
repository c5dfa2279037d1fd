package app.playspot;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
